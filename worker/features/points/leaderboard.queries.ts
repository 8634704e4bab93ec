import { sql, type SQL } from "drizzle-orm";
import type { LeaderboardPeriod } from "../../../common/contract/enums";
import { blockedBetween } from "../../lib/access";
import type { Db } from "../../lib/db";
import { sessionUserId } from "../../lib/session";
import { dayOf } from "./points";

/**
 * Ranks of a list sorted by points, highest first: equal points share the rank of the first of them
 * (1, 2, 2, 4). Exact for a top list, which holds everyone with more points than its last row.
 */
export function withRanks<T extends { points: number }>(rows: T[]): (T & { rank: number })[] {
  let rank = 0;
  return rows.map((row, i) => {
    if (i === 0 || rows[i - 1]!.points !== row.points) rank = i + 1;
    return { ...row, rank };
  });
}

export type LeaderRowDb = {
  id: string;
  full_name: string;
  avatar_url: string | null;
  points: number;
  total: number;
  rank: number;
  is_me: number;
};

const DAY_MS = 86_400_000;

/** How far a period reaches back: week = the last 7 days, month = the last 30 (spec 001 section 9). */
const periodMs: Record<Exclude<LeaderboardPeriod, "allTime">, number> = { week: 7 * DAY_MS, month: 30 * DAY_MS };

/**
 * Each member's points in the period as `sums (user_id, points)`: all time from the running totals;
 * a week or month from the daily sums of the days wholly inside it, plus the ledger rows of the one
 * day it starts in, so the period is exactly the last 7 (or 30) times 24 hours. The cost follows the
 * number of members and one day's activity, not the ledger's length.
 */
function sumsOf(communityId: string, period: LeaderboardPeriod, now: number): SQL {
  if (period === "allTime") {
    return sql`select up.user_id, up.points from user_points up where up.community_id = ${communityId}`;
  }
  const from = now - periodMs[period];
  const firstDay = dayOf(from);
  return sql`select user_id, sum(points) from (
      select d.user_id, d.points from point_days d where d.community_id = ${communityId} and d.day > ${firstDay}
      union all
      select e.user_id, e.amount from point_events e
      where e.community_id = ${communityId} and e.created_at >= ${from} and e.created_at < ${(firstDay + 1) * DAY_MS})
    group by user_id`;
}

/**
 * The top `size` members of the period (points > 0, listed by id within a tie; their ranks follow
 * from the order, see `withRanks`) and, last, the caller's own row with their rank among everyone:
 * one statement. Former members and people the caller blocked or was blocked by are not ranked.
 */
export function leaderboardStatement(db: Db, communityId: string, token: string, period: LeaderboardPeriod, size: number) {
  const me = sessionUserId(token);
  return db.all<LeaderRowDb>(
    sql`with viewer(id) as (select ${me}),
      sums(user_id, points) as (${sumsOf(communityId, period, Date.now())}),
      ranked as (
        select s.user_id, s.points from sums s
        join community_members m on m.community_id = ${communityId} and m.profile_id = s.user_id
        where s.points > 0 and not ${blockedBetween(sql.raw("s.user_id"), sql.raw("(select id from viewer)"))}),
      top as (select user_id, points from ranked order by points desc, user_id limit ${size}),
      mine(points) as (select coalesce((select points from sums where user_id = (select id from viewer)), 0))
    select * from (
      select u.id, u.full_name, u.avatar_url, t.points, coalesce(up.points, 0) as total, 0 as rank, 0 as is_me
      from top t join users u on u.id = t.user_id
      left join user_points up on up.community_id = ${communityId} and up.user_id = t.user_id
      order by t.points desc, t.user_id)
    union all
    select u.id, u.full_name, u.avatar_url, (select points from mine), coalesce(up.points, 0),
      1 + (select count(*) from ranked where points > (select points from mine)), 1
    from users u left join user_points up on up.community_id = ${communityId} and up.user_id = u.id
    where u.id = (select id from viewer)`,
  );
}
