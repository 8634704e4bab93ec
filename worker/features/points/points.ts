import { newId } from "../../../common/ids";
import { pointValues } from "../../../common/points";

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
export function awardStatements(
  d1: D1Database,
  award: Award,
  onlyIf?: { sql: string; params: unknown[] },
): D1PreparedStatement[] {
  const amount = pointValues[award.reason];
  const now = Date.now();
  const guard = onlyIf ? ` where ${onlyIf.sql}` : "";
  return [
    d1
      .prepare(
        `insert into point_events (id, user_id, community_id, amount, reason, source_kind, source_id, created_at)
         select ?, ?, ?, ?, ?, ?, ?, ?${guard || " where true"} on conflict do nothing`,
      )
      .bind(
        newId(),
        award.userId,
        award.communityId,
        amount,
        award.reason,
        award.sourceKind,
        award.sourceId,
        now,
        ...(onlyIf?.params ?? []),
      ),
    d1
      .prepare(
        `insert into user_points (user_id, community_id, points, updated_at)
         select ?1, ?2, ?3, ?4 where changes() = 1
         on conflict (user_id, community_id) do update set points = max(0, user_points.points + excluded.points), updated_at = excluded.updated_at`,
      )
      .bind(award.userId, award.communityId, amount, now),
  ];
}

/**
 * Undo of every award whose source matches `sources` (an SQL condition over `pe`): writes the
 * `*_reversed` rows, then recomputes the affected totals from the ledger, never below 0.
 * Put these BEFORE the delete of the sources in the batch, so the condition can still see them.
 * `sources.sql` uses positional `?` only (its params are bound twice, once per statement).
 */
export function reversalStatements(
  d1: D1Database,
  communityId: string,
  sources: { sql: string; params: unknown[] },
): D1PreparedStatement[] {
  const now = Date.now();
  return [
    d1
      .prepare(
        `insert into point_events (id, user_id, community_id, amount, reason, source_kind, source_id, created_at)
         select lower(hex(randomblob(16))), pe.user_id, pe.community_id, -pe.amount, pe.reason || '_reversed', pe.source_kind, pe.source_id, ?
         from point_events pe where pe.community_id = ? and pe.amount > 0 and (${sources.sql})
         on conflict do nothing`,
      )
      .bind(now, communityId, ...sources.params),
    d1
      .prepare(
        `update user_points set updated_at = ?,
           points = max(0, (select coalesce(sum(e.amount), 0) from point_events e where e.user_id = user_points.user_id and e.community_id = user_points.community_id))
         where community_id = ? and user_id in (select pe.user_id from point_events pe where pe.community_id = ? and (${sources.sql}))`,
      )
      .bind(now, communityId, communityId, ...sources.params),
  ];
}
