import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { LeaderboardPeriod } from "../../../common/contract/enums";
import { blockedBetween } from "../../lib/access";
import type { Db } from "../../lib/db";
import { sessionUserId } from "../../lib/session";
import { dayOf } from "../../lib/points";
import { selectAs, tableAs, type SelectAsRow, type Stored } from "../../lib/sql-names";
import { blockedUsers, communityMembers, pointDays, pointEvents, userPoints, users } from "../../lib/tables";

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

const d = alias(pointDays, "d");
const e = alias(pointEvents, "e");
const up = alias(userPoints, "up");
const m = alias(communityMembers, "m");
const bu = alias(blockedUsers, "bu");
const u = alias(users, "u");

/** Who a board row is (the route reads these keys). */
const person = { id: u.id, full_name: u.fullName, avatar_url: u.avatarUrl };

/** A board row: the person, their points in the period, their all-time total, and (for the caller's own row) rank. */
export type LeaderRowDb = SelectAsRow<typeof person> & {
  points: Stored<typeof up.points>;
  total: Stored<typeof up.points>;
  rank: number;
  is_me: 0 | 1;
};

const DAY_MS = 86_400_000;

/** How far a period reaches back: week = the last 7 days, month = the last 30 (spec 001 section 9). */
const periodMs: Record<Exclude<LeaderboardPeriod, "allTime">, number> = { week: 7 * DAY_MS, month: 30 * DAY_MS };

/**
 * Each member's points in a week or month as `sums (user_id, points)`: the daily sums of the days
 * wholly inside it, plus the ledger rows of the one day it starts in, so the period is exactly the
 * last 7 (or 30) times 24 hours. The cost follows the period's activity, not the ledger's length.
 */
function periodSums(communityId: string, period: Exclude<LeaderboardPeriod, "allTime">, now: number): SQL {
  const from = now - periodMs[period];
  const firstDay = dayOf(from);
  return sql`select user_id, sum(points) from (
      select ${d.userId} as user_id, ${d.points} as points from ${tableAs(d)} where ${d.communityId} = ${communityId} and ${d.day} > ${firstDay}
      union all
      select ${e.userId}, ${e.amount} from ${tableAs(e)}
      where ${e.communityId} = ${communityId} and ${e.createdAt} >= ${from} and ${e.createdAt} < ${(firstDay + 1) * DAY_MS})
    group by user_id`;
}

/**
 * The top `size` members of the period (points > 0, listed by id within a tie; their ranks follow
 * from the order, see `withRanks`) and, last, the caller's own row with their rank among everyone:
 * one statement. Former members and people the caller blocked or was blocked by are not ranked.
 *
 * All time reads the running totals through `user_points_rank_idx` (community, points desc, user;
 * members only): the top is the first rows of that index that pass the block check, and the caller's
 * rank counts the index's entries above them, so neither sorts nor reads a row per member. The people
 * a block leaves out are taken off that count from the caller's own (short) list of blocks rather
 * than checked on every entry above. A week or a month is summed per member first.
 */
export function leaderboardSql(communityId: string, token: string, period: LeaderboardPeriod, size: number): SQL {
  const me = sessionUserId(token);
  const viewer = sql.raw("(select id from viewer)");
  const sums =
    period === "allTime"
      ? sql`(select ${up.userId} as user_id, ${up.points} as points from ${tableAs(up)} where ${up.communityId} = ${communityId} and ${up.isMember} = 1)`
      : sql`sums`;
  // The totals hold members alone (their index is partial); a period's sums also hold former members.
  const isMember =
    period === "allTime"
      ? sql.raw("true")
      : sql`exists (select 1 from ${tableAs(m)} where ${m.communityId} = ${communityId} and ${m.profileId} = s.user_id)`;
  return sql`with viewer(id) as (select ${me}),
      ${period === "allTime" ? sql.raw("") : sql`sums(user_id, points) as (${periodSums(communityId, period, Date.now())}),`}
      mine(points) as (select coalesce((select s.points from ${sums} s where s.user_id = ${viewer}), 0)),
      blocks(id) as (select ${bu.blockedId} from ${tableAs(bu)} where ${bu.blockerId} = ${viewer}
        union select ${bu.blockerId} from ${tableAs(bu)} where ${bu.blockedId} = ${viewer}),
      top as (select s.user_id, s.points from ${sums} s
        where s.points > 0 and ${isMember} and not ${blockedBetween(sql.raw("s.user_id"), viewer)}
        order by s.points desc, s.user_id limit ${size}),
      above(n) as (select
        (select count(*) from ${sums} s where s.points > max(0, (select points from mine)) and ${isMember})
        - (select count(*) from blocks b cross join ${sums} s on s.user_id = b.id
           where s.points > max(0, (select points from mine)) and ${isMember}))
    select * from (
      select ${selectAs(person)}, t.points, coalesce(${up.points}, 0) as total, 0 as rank, 0 as is_me
      from top t join ${tableAs(u)} on ${u.id} = t.user_id
      left join ${tableAs(up)} on ${up.communityId} = ${communityId} and ${up.userId} = t.user_id
      order by t.points desc, t.user_id)
    union all
    select ${selectAs(person)}, (select points from mine), coalesce(${up.points}, 0), 1 + (select n from above), 1
    from ${tableAs(u)} left join ${tableAs(up)} on ${up.communityId} = ${communityId} and ${up.userId} = ${u.id}
    where ${u.id} = ${viewer}`;
}

export const leaderboardStatement = (db: Db, communityId: string, token: string, period: LeaderboardPeriod, size: number) =>
  db.all<LeaderRowDb>(leaderboardSql(communityId, token, period, size));
