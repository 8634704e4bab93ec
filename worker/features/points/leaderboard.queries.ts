import { sql, type SQL } from "drizzle-orm";
import type { LeaderboardPeriod } from "../../../common/contract/enums";
import { blockedBetween } from "../../lib/access";
import type { Db } from "../../lib/db";
import { sessionUserId } from "../../lib/session";
import { dayOf } from "./points";

export type LeaderRowDb = {
  id: string;
  full_name: string;
  avatar_url: string | null;
  points: number;
  total: number;
  rank: number;
  is_me: number;
};

/** Days a period reaches back, today included: week = the last 7 days, month = the last 30. */
const periodDays: Record<Exclude<LeaderboardPeriod, "allTime">, number> = { week: 7, month: 30 };

/**
 * Each member's points in the period as `sums (user_id, points)`: all time from the running totals,
 * the others from the daily sums, so the cost follows the number of members, not the ledger's length.
 */
function sumsOf(communityId: string, period: LeaderboardPeriod, now: number): SQL {
  if (period === "allTime") {
    return sql`select up.user_id, up.points from user_points up where up.community_id = ${communityId}`;
  }
  const from = dayOf(now) - periodDays[period] + 1;
  return sql`select d.user_id, sum(d.points) as points from point_days d
    where d.community_id = ${communityId} and d.day >= ${from} group by d.user_id`;
}

/**
 * The top `size` members of the period (points > 0, ties share a rank and are listed by id) and, last,
 * the caller's own row with their rank among everyone: one statement. Former members and people the
 * caller blocked or was blocked by are not ranked.
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
      top as (
        select user_id, points, rank() over (order by points desc) as rank from ranked
        order by points desc, user_id limit ${size}),
      mine(points) as (select coalesce((select points from sums where user_id = (select id from viewer)), 0))
    select * from (
      select u.id, u.full_name, u.avatar_url, t.points, coalesce(up.points, 0) as total, t.rank, 0 as is_me
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
