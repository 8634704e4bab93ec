import { sql, type SQL } from "drizzle-orm";
import { alias, SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { levelSql } from "../../common/levels";
import { newId } from "../../common/ids";
import { pointValues } from "../../common/points";
import type { Db } from "./db";
import { deliver } from "./notification-delivery";
import { bare, bareList, excluded, tableAs } from "./sql-names";
import { pointDays as pd, pointEvents, userPoints as up } from "./tables";

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

/** The ledger as `e` (its sums). */
const e = alias(pointEvents, "e");
/** The ledger row a reversal's `sources` condition speaks of (`reverse(communityId, sql\`${reversedEvent.sourceKind} = …\`)`). */
export const reversedEvent = alias(pointEvents, "pe");
const pe = reversedEvent;

/** The level a total in `user_points` reaches: `levelSql` takes the points column as SQL text. */
const level = sql.raw(levelSql(new SQLiteAsyncDialect().sqlToQuery(sql`${up.points}`).sql));

/** A ledger row's columns, in the order the inserts below select them. */
const ledgerColumns = bareList(
  pointEvents.id,
  pointEvents.userId,
  pointEvents.communityId,
  pointEvents.amount,
  pointEvents.reason,
  pointEvents.sourceKind,
  pointEvents.sourceId,
  pointEvents.createdAt,
);

/**
 * Today's sum of the ledger for the users `users` (an SQL list or select), written over their
 * `point_days` row: recounted rather than incremented, so the daily sums always equal the ledger.
 */
function recountToday(db: Db, communityId: string, users: SQL, now: number, onlyIf: SQL = sql.raw("true")) {
  const day = dayOf(now);
  return db.run(
    sql`insert into ${pd} (${bareList(pd.communityId, pd.userId, pd.day, pd.points)})
        select ${e.communityId}, ${e.userId}, ${day}, sum(${e.amount}) from ${tableAs(e)}
        where ${e.communityId} = ${communityId} and ${e.userId} in (${users}) and ${e.createdAt} >= ${day * DAY_MS} and (${onlyIf})
        group by ${e.userId}
        on conflict (${bareList(pd.communityId, pd.day, pd.userId)}) do update set ${bare(pd.points)} = ${excluded(pd.points)}`,
  );
}

/**
 * ACHIEVEMENT_EARNED for a level above the highest one announced, then that level marked as announced:
 * each level is announced once, even after points are lost and the level is reached again.
 */
function levelUpStatements(db: Db, userId: string, communityId: string, now: number, notificationId: string) {
  const where = sql`${up.userId} = ${userId} and ${up.communityId} = ${communityId} and ${level} > ${up.notifiedLevel}`;
  return [
    ...deliver(db, {
      now,
      columns: {
        id: notificationId,
        recipient_id: sql`${up.userId}`,
        community_id: sql`${up.communityId}`,
        type: "ACHIEVEMENT_EARNED",
        data: sql`json_object('level', ${level})`,
      },
      from: sql`from ${up} where ${where}`,
    }),
    db.run(sql`update ${up} set ${bare(up.notifiedLevel)} = ${level} where ${where}`),
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
      sql`insert into ${pointEvents} (${ledgerColumns})
          select ${newId()}, ${award.userId}, ${award.communityId}, ${amount}, ${award.reason}, ${award.sourceKind}, ${award.sourceId}, ${now}
          where ${onlyIf ?? sql.raw("true")} on conflict do nothing`,
    ),
    recountToday(db, award.communityId, sql`${award.userId}`, now, sql`changes() = 1`),
    db.run(
      sql`insert into ${up} (${bareList(up.userId, up.communityId, up.points, up.updatedAt)})
          select ${award.userId}, ${award.communityId}, ${amount}, ${now} where changes() = 1
          on conflict (${bareList(up.userId, up.communityId)}) do update
          set ${bare(up.points)} = max(0, ${up.points} + ${excluded(up.points)}), ${bare(up.updatedAt)} = ${excluded(up.updatedAt)}`,
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
  const affected = sql`select ${pe.userId} from ${tableAs(pe)} where ${pe.communityId} = ${communityId} and (${sources})`;
  return [
    db.run(
      sql`insert into ${pointEvents} (${ledgerColumns})
          select lower(hex(randomblob(16))), ${pe.userId}, ${pe.communityId}, -${pe.amount}, ${pe.reason} || '_reversed', ${pe.sourceKind},
            ${pe.sourceId}, ${now}
          from ${tableAs(pe)} where ${pe.communityId} = ${communityId} and ${pe.amount} > 0 and (${sources})
          on conflict do nothing`,
    ),
    recountToday(db, communityId, affected, now),
    db.run(
      sql`update ${up} set ${bare(up.updatedAt)} = ${now},
            ${bare(up.points)} = max(0, (select coalesce(sum(${e.amount}), 0) from ${tableAs(e)}
              where ${e.userId} = ${up.userId} and ${e.communityId} = ${up.communityId}))
          where ${up.communityId} = ${communityId} and ${up.userId} in (${affected})`,
    ),
  ];
}
