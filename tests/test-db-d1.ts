import { env } from "cloudflare:workers";
import { openD1, type Db } from "../worker/lib/db";
import { countingD1, type QueryStats } from "../worker/lib/query-count";

/** The workerd project's D1 (migrated by tests/apply-migrations.ts). */
export function openD1TestDb(stats?: QueryStats): Db {
  return openD1(stats ? countingD1(env.DB, stats) : env.DB);
}
