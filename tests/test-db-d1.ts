import { env } from "cloudflare:workers";
import { createDb, type Db } from "../db/client";

/** The workerd project's D1 (migrated by tests/apply-migrations.ts). */
export function openD1TestDb(): Db {
  return createDb(env.DB);
}
