import { newId } from "../../../db/ids";
import { pointValues } from "../../../db/schema";

export type Award = {
  userId: string;
  communityId: string;
  reason: keyof typeof pointValues;
  sourceKind: string;
  sourceId: string;
};

/**
 * The ledger row and the total for one award, to go in the same batch as the action that earns it.
 * The unique source key makes a retried award a no-op, and the total only moves when the row landed.
 */
export function awardStatements(d1: D1Database, award: Award): D1PreparedStatement[] {
  const amount = pointValues[award.reason];
  const now = Date.now();
  return [
    d1
      .prepare(
        `insert into point_events (id, user_id, community_id, amount, reason, source_kind, source_id, created_at)
         values (?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing`,
      )
      .bind(newId(), award.userId, award.communityId, amount, award.reason, award.sourceKind, award.sourceId, now),
    d1
      .prepare(
        `insert into user_points (user_id, community_id, points, updated_at)
         select ?1, ?2, ?3, ?4 where changes() = 1
         on conflict (user_id, community_id) do update set points = max(0, user_points.points + excluded.points), updated_at = excluded.updated_at`,
      )
      .bind(award.userId, award.communityId, amount, now),
  ];
}
