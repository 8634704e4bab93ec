import { sql } from "drizzle-orm";
import type { Db, Statement } from "../../lib/db";
import { communities, communityMetricDays } from "../../lib/tables";
import { dayOf, rankTopContributors, rollUpDay } from "./rollup.queries";

/** How far back a community's first run fills in its history: the longest period the page shows. */
export const BACKFILL_DAYS = 365;
/** First runs are heavy (a year of days each); spreading them keeps every cron run short. */
const BACKFILLS_PER_RUN = 20;
/** Statements per D1 batch: a day is four, and a batch stays well under D1's limits. */
const BATCH_SIZE = 90;

/**
 * The metrics cron job: for every community, recompute the running and the previous UTC day from the
 * raw tables; a community without rows yet first gets its history (up to a year) filled in, oldest day
 * first so each day's 30-day active window finds the days before it; then its top contributors are ranked
 * for every period. The page is then at most one cron interval behind.
 */
export async function rollUpMetrics(db: Db, now = Date.now()) {
  const today = dayOf(now);
  const rows = await db
    .select({
      id: communities.id,
      createdAt: communities.createdAt,
      hasDays: sql<number>`exists (select 1 from ${communityMetricDays} where ${communityMetricDays.communityId} = ${communities.id})`,
    })
    .from(communities);
  let backfilled = 0;
  for (const community of rows) {
    const statements: Statement[] = [];
    if (!community.hasDays && backfilled < BACKFILLS_PER_RUN) {
      backfilled++;
      const first = Math.max(dayOf(community.createdAt), today - BACKFILL_DAYS);
      for (let day = first; day < today - 1; day++) statements.push(...rollUpDay(db, community.id, day, now, false));
    }
    statements.push(
      ...rollUpDay(db, community.id, today - 1, now, false),
      ...rollUpDay(db, community.id, today, now, true),
      ...rankTopContributors(db, community.id, today),
    );
    for (let i = 0; i < statements.length; i += BATCH_SIZE) {
      const chunk = statements.slice(i, i + BATCH_SIZE);
      await db.batch(chunk as [Statement, ...Statement[]]);
    }
  }
  return { communities: rows.length, backfilled };
}
