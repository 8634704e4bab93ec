import { and, between, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../lib/db";
import { communityMemberDays, communityMetricDays, users } from "../../lib/tables";

/** How many top contributors the page lists. */
export const TOP_CONTRIBUTORS = 10;

const md = communityMemberDays;
const mt = communityMetricDays;

/** The day rows of a range of days: one index range of the primary key. */
export const dayRowsStatement = (db: Db, communityId: string, firstDay: number, lastDay: number) =>
  db
    .select()
    .from(mt)
    .where(and(eq(mt.communityId, communityId), between(mt.day, firstDay, lastDay)))
    .orderBy(mt.day);

export type DayRowDb = typeof mt.$inferSelect;

/** Who wrote most in a range of days, from the daily activity sets (the covering period index). */
export function topContributorsStatement(db: Db, communityId: string, firstDay: number, lastDay: number) {
  const postsSum = sql<number>`sum(${md.posts})`.mapWith(Number);
  const commentsSum = sql<number>`sum(${md.comments})`.mapWith(Number);
  return db
    .select({ id: users.id, fullName: users.fullName, avatarUrl: users.avatarUrl, posts: postsSum, comments: commentsSum })
    .from(md)
    .innerJoin(users, eq(users.id, md.userId))
    .where(and(eq(md.communityId, communityId), between(md.day, firstDay, lastDay)))
    .groupBy(md.userId)
    .having(sql`${postsSum} + ${commentsSum} > 0`)
    .orderBy(desc(sql`${postsSum} + ${commentsSum}`), md.userId)
    .limit(TOP_CONTRIBUTORS);
}
