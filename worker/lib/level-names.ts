import { sql } from "drizzle-orm";
import { MAX_LEVEL } from "../../common/levels";
import type { Db } from "./db";

type NameRow = { level: number; name: string };

/** The statement reading a community's level names, to fold into a route's batch. */
export const levelNamesQuery = (db: Db, communityId: string) =>
  db.all<NameRow>(sql`select level, name from community_level_names where community_id = ${communityId}`);

/** Levels 1 to 9 in order, each with its owner-given name or null (the default name). */
export function toLevelNames(rows: NameRow[]): (string | null)[] {
  const names: (string | null)[] = Array.from({ length: MAX_LEVEL }, () => null);
  for (const row of rows) if (row.level >= 1 && row.level <= MAX_LEVEL) names[row.level - 1] = row.name;
  return names;
}
