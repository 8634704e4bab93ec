import { createClient } from "@libsql/client";
import { openLibsql, type Db } from "../worker/lib/db";
import { countingLibsql, type QueryStats } from "../worker/lib/query-count";
import { migrateLibsql } from "../db/libsql-migrate";

/** A new libSQL file database in `dir` with every migration applied. */
export async function openLibsqlTestDb(dir: string, stats?: QueryStats): Promise<Db> {
  const client = createClient({ url: `file:${dir}/${crypto.randomUUID()}.db` });
  await migrateLibsql(client);
  // The migrations above are setup, not the test's cost: counting starts with the database handed out.
  return openLibsql(stats ? countingLibsql(client, stats) : client);
}
