import { env } from "cloudflare:workers";
import { openD1, type Db } from "../worker/lib/db";

/** The workerd project's D1 (migrated by tests/apply-migrations.ts). */
export function openD1TestDb(): Db {
  return openD1(env.DB);
}
