import { sql, type SQL } from "drizzle-orm";
import { levelSql } from "../../common/levels";
import { newId } from "../../common/ids";
import { pointValues } from "../../common/points";
import type { Db } from "./db";
import { deliver } from "./notification-delivery";

export type Award = {
  userId: string;
  communityId: string;
  reason: keyof typeof pointValues;
  sourceKind: string;
  sourceId: string;
  /** The id the level-up notification gets if this award reaches a new level, for reading it back to push it. */
  levelUpId?: string;
};

const DAY_MS = 86_400_000;

/** The UTC day number a moment falls on: the key of `point_days`. */
export const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

const level = sql.raw(levelSql("user_points.points"));

/**
 * Today's sum of the ledger for the users `users` (an SQL list or select), written over their
 * `point_days` row: recounted rather than incremented, so the daily sums always equal the ledger.
 */
function recountToday(db: Db, communityId: string, users: SQL, now: number, onlyIf: SQL = sql.raw("true")) {
  const day = dayOf(now);
  return db.run(
    sql`insert into point_days (community_id, user_id, day, points)
        select e.community_id, e.user_id, ${day}, sum(e.amount) from point_events e
        where e.community_id = ${communityId} and e.user_id in (${users}) and e.created_at >= ${day * DAY_MS} and (${onlyIf})
        group by e.user_id
        on conflict (community_id, day, user_id) do update set points = excluded.points`,
  );
}

/**
 * ACHIEVEMENT_EARNED for a level above the highest one announced, then that level marked as announced:
 * each level is announced once, even after points are lost and the level is reached again.
 */
function levelUpStatements(db: Db, userId: string, communityId: string, now: number, notificationId: string) {
  const where = sql`user_points.user_id = ${userId} and user_points.community_id = ${communityId} and ${level} > user_points.notified_level`;
  return [
    ...deliver(db, {
      now,
      columns: {
        id: notificationId,
        recipient_id: sql`user_id`,
        community_id: sql`community_id`,
        type: "ACHIEVEMENT_EARNED",
        data: sql`json_object('level', ${level})`,
      },
      from: sql`from user_points where ${where}`,
    }),
    db.run(sql`update user_points set notified_level = ${level} where ${where}`),
  ];
}

/**
 * The ledger row, the total, the day's sum and a level-up notice for one award, to go in the same
 * batch as the action that earns it. The unique source key makes a retried award a no-op, and the
 * sums only move when the row landed (`changes()` is the previous statement's count: batches run in
 * order on one connection).
 */
export function awardStatements(db: Db, award: Award, onlyIf?: SQL) {
  const amount = pointValues[award.reason];
  const now = Date.now();
  return [
    db.run(
      sql`insert into point_events (id, user_id, community_id, amount, reason, source_kind, source_id, created_at)
          select ${newId()}, ${award.userId}, ${award.communityId}, ${amount}, ${award.reason}, ${award.sourceKind}, ${award.sourceId}, ${now}
          where ${onlyIf ?? sql.raw("true")} on conflict do nothing`,
    ),
    recountToday(db, award.communityId, sql`${award.userId}`, now, sql`changes() = 1`),
    db.run(
      sql`insert into user_points (user_id, community_id, points, updated_at)
          select ${award.userId}, ${award.communityId}, ${amount}, ${now} where changes() = 1
          on conflict (user_id, community_id) do update set points = max(0, user_points.points + excluded.points), updated_at = excluded.updated_at`,
    ),
    ...levelUpStatements(db, award.userId, award.communityId, now, award.levelUpId ?? newId()),
  ];
}

/**
 * Undo of every award whose source matches `sources` (an SQL condition over `pe`): writes the
 * `*_reversed` rows, then recomputes the affected totals and today's sums from the ledger, never below
 * 0. Put these BEFORE the delete of the sources in the batch, so the condition can still see them.
 */
export function reversalStatements(db: Db, communityId: string, sources: SQL) {
  const now = Date.now();
  const affected = sql`select pe.user_id from point_events pe where pe.community_id = ${communityId} and (${sources})`;
  return [
    db.run(
      sql`insert into point_events (id, user_id, community_id, amount, reason, source_kind, source_id, created_at)
          select lower(hex(randomblob(16))), pe.user_id, pe.community_id, -pe.amount, pe.reason || '_reversed', pe.source_kind, pe.source_id, ${now}
          from point_events pe where pe.community_id = ${communityId} and pe.amount > 0 and (${sources})
          on conflict do nothing`,
    ),
    recountToday(db, communityId, affected, now),
    db.run(
      sql`update user_points set updated_at = ${now},
            points = max(0, (select coalesce(sum(e.amount), 0) from point_events e where e.user_id = user_points.user_id and e.community_id = user_points.community_id))
          where community_id = ${communityId} and user_id in (${affected})`,
    ),
  ];
}
