import { createClient } from "@libsql/client";
import { openLibsql, type Db } from "../worker/lib/db";
import { migrateLibsql } from "../db/libsql-migrate";

/** A new libSQL file database in `dir` with every migration applied. */
export async function openLibsqlTestDb(dir: string): Promise<Db> {
  const client = createClient({ url: `file:${dir}/${crypto.randomUUID()}.db` });
  await migrateLibsql(client);
  return openLibsql(client);
}
