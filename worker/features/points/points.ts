import { sql, type SQL } from "drizzle-orm";
import { newId } from "../../../common/ids";
import { pointValues } from "../../../common/points";
import type { Db } from "../../lib/db";

export type Award = {
  userId: string;
  communityId: string;
  reason: keyof typeof pointValues;
  sourceKind: string;
  sourceId: string;
};

/**
 * The ledger row and the total for one award, to go in the same batch as the action that earns it.
 * The unique source key makes a retried award a no-op, and the total only moves when the row landed
 * (`changes()` is the previous statement's count: batches run in order on one connection).
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
    db.run(
      sql`insert into user_points (user_id, community_id, points, updated_at)
          select ${award.userId}, ${award.communityId}, ${amount}, ${now} where changes() = 1
          on conflict (user_id, community_id) do update set points = max(0, user_points.points + excluded.points), updated_at = excluded.updated_at`,
    ),
  ];
}

/**
 * Undo of every award whose source matches `sources` (an SQL condition over `pe`): writes the
 * `*_reversed` rows, then recomputes the affected totals from the ledger, never below 0.
 * Put these BEFORE the delete of the sources in the batch, so the condition can still see them.
 */
export function reversalStatements(db: Db, communityId: string, sources: SQL) {
  const now = Date.now();
  return [
    db.run(
      sql`insert into point_events (id, user_id, community_id, amount, reason, source_kind, source_id, created_at)
          select lower(hex(randomblob(16))), pe.user_id, pe.community_id, -pe.amount, pe.reason || '_reversed', pe.source_kind, pe.source_id, ${now}
          from point_events pe where pe.community_id = ${communityId} and pe.amount > 0 and (${sources})
          on conflict do nothing`,
    ),
    db.run(
      sql`update user_points set updated_at = ${now},
            points = max(0, (select coalesce(sum(e.amount), 0) from point_events e where e.user_id = user_points.user_id and e.community_id = user_points.community_id))
          where community_id = ${communityId} and user_id in (select pe.user_id from point_events pe where pe.community_id = ${communityId} and (${sources}))`,
    ),
  ];
}
