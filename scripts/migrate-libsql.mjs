import { mkdirSync } from "node:fs";
import { createClient } from "@libsql/client";
import { migrateLibsql } from "../db/libsql-migrate.ts";

// `npm run db:migrate:libsql`: applies db/migrations to the libSQL database at LIBSQL_URL (token in
// LIBSQL_AUTH_TOKEN). Without LIBSQL_URL it migrates a local file database, to try the engine here.
const LOCAL = "file:.wrangler/libsql/agora.db";
const url = process.env.LIBSQL_URL || LOCAL;
if (url === LOCAL) mkdirSync(".wrangler/libsql", { recursive: true });

const client = createClient({ url, authToken: process.env.LIBSQL_AUTH_TOKEN });
try {
  await migrateLibsql(client);
  console.log(`Migrations applied to ${url.replace(/\/\/[^@/]*@/, "//")}`);
} finally {
  client.close();
}
