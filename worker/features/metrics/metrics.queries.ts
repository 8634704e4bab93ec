import { and, asc, between, desc, eq, sql } from "drizzle-orm";
import type { MetricTotals } from "../../../common/contract/metrics";
import { ratesOf } from "../../../common/metric-totals";
import type { Db } from "../../lib/db";
import { communityMetricDays, communityTopContributors, users } from "../../lib/tables";

const mt = communityMetricDays;
const tc = communityTopContributors;

/** The day rows of a range of days: one index range of the primary key. */
export const dayRowsStatement = (db: Db, communityId: string, firstDay: number, lastDay: number) =>
  db
    .select()
    .from(mt)
    .where(and(eq(mt.communityId, communityId), between(mt.day, firstDay, lastDay)))
    .orderBy(mt.day);

export type DayRowDb = typeof mt.$inferSelect;

/** Who wrote most over a period, as the cron last ranked them: at most ten rows of the primary key. */
export const topContributorsStatement = (db: Db, communityId: string, days: number) =>
  db
    .select({ id: users.id, fullName: users.fullName, avatarUrl: users.avatarUrl, posts: tc.posts, comments: tc.comments })
    .from(tc)
    .innerJoin(users, eq(users.id, tc.userId))
    .where(and(eq(tc.communityId, communityId), eq(tc.days, days)))
    .orderBy(asc(tc.rank));

/** What `periodTotalsStatement` reads: sums, and the levels of the period's first and last day. */
export type PeriodTotalsDb = Omit<MetricTotals, "averageActive" | "churnRate"> & { active: number; paidAtStart: number };

/**
 * What the days from `firstDay` to `lastDay` add up to, summed in D1 as one row: the comparison needs only
 * the totals of the period before, so its days never leave the database. The figures are totalsOf's
 * (common/metric-totals.ts) over the filled days: a day without a row adds nothing, levels are the last
 * day's (0 when it has no row), and the member count is carried from the last row.
 */
export function periodTotalsStatement(db: Db, communityId: string, firstDay: number, lastDay: number) {
  const total = (figure: ReturnType<typeof sql>) => sql<number>`coalesce(sum(${figure}), 0)`.mapWith(Number);
  const on = (day: number, figure: ReturnType<typeof sql>) =>
    sql<number>`coalesce(max(case when ${mt.day} = ${day} then ${figure} end), 0)`.mapWith(Number);
  const range = and(eq(mt.communityId, communityId), between(mt.day, firstDay, lastDay));
  const lastMembers = db.select({ members: mt.members }).from(mt).where(range).orderBy(desc(mt.day)).limit(1);
  return db
    .select({
      joins: total(sql`${mt.joins}`),
      leaves: total(sql`case when ${mt.observed} then ${mt.leaves} else 0 end`),
      members: sql<number>`coalesce((${lastMembers}), 0)`.mapWith(Number),
      active: total(sql`${mt.active}`),
      active30: on(lastDay, sql`${mt.active30}`),
      posts: total(sql`${mt.posts}`),
      comments: total(sql`${mt.comments}`),
      paidMembers: on(lastDay, sql`${mt.paidMembers}`),
      mrr: on(lastDay, sql`${mt.mrr}`),
      netRevenue: total(sql`${mt.revenue} - ${mt.refunds}`),
      churned: total(sql`${mt.churned}`),
      paidAtStart: on(firstDay, sql`${mt.paidMembers} + ${mt.churned}`),
    })
    .from(mt)
    .where(range);
}

/** The totals as the page reads them, from the summed row and the period's length in days. */
export function toTotals(row: PeriodTotalsDb, days: number): MetricTotals {
  const { active, paidAtStart, ...figures } = row;
  return { ...figures, ...ratesOf({ active, days, churned: row.churned, paidAtStart }) };
}
