import { sql, type SQL } from "drizzle-orm";
import { newId } from "../../common/ids";

/** A UUIDv7 made in SQL, one per row of a set-based insert: the time part from `now`, the rest random per row. */
export function idPerRow(now: number): SQL {
  const timePart = newId(now).slice(0, 14);
  return sql`${timePart} || '7' || substr(lower(hex(randomblob(2))), 2) || '-' || '8' || substr(lower(hex(randomblob(2))), 2)
    || '-' || lower(hex(randomblob(6)))`;
}
