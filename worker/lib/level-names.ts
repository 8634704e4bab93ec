import { eq } from "drizzle-orm";
import { MAX_LEVEL } from "../../common/levels";
import type { Db } from "./db";
import { communityLevelNames as ln } from "./tables";

/** The statement reading a community's level names, to fold into a route's batch. */
export const levelNamesQuery = (db: Db, communityId: string) =>
  db.select({ level: ln.level, name: ln.name }).from(ln).where(eq(ln.communityId, communityId));

type NameRow = Awaited<ReturnType<typeof levelNamesQuery>>[number];

/** Levels 1 to 9 in order, each with its owner-given name or null (the default name). */
export function toLevelNames(rows: NameRow[]): (string | null)[] {
  const names: (string | null)[] = Array.from({ length: MAX_LEVEL }, () => null);
  for (const row of rows) if (row.level >= 1 && row.level <= MAX_LEVEL) names[row.level - 1] = row.name;
  return names;
}
