import { inject } from "vitest";
import type { Db } from "../worker/lib/db";
import type { QueryStats } from "../worker/lib/query-count";

/**
 * The database a data-layer test (`*.db.test.ts`) runs on: the migrated D1 in the workerd project, a
 * fresh, migrated libSQL file in the Node project. Each engine's module loads only where it can run.
 */
export async function openTestDb(stats?: QueryStats): Promise<Db> {
  if (inject("dbEngine") === "libsql") return (await import("./test-db-libsql")).openLibsqlTestDb(inject("libsqlDir"), stats);
  return (await import("./test-db-d1")).openD1TestDb(stats);
}

export const testEngine = () => inject("dbEngine");
