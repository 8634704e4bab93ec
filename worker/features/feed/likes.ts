import { newId } from "../../../common/ids";
import { awardStatements, reversalStatements } from "../points/points";

type Target = { kind: "post" | "comment"; id: string; authorId: string | null; communityId: string };

const table = { post: "post_likes", comment: "comment_likes" } as const;
const column = { post: "post_id", comment: "comment_id" } as const;
const counterTable = { post: "posts", comment: "post_comments" } as const;
const reason = { post: "post_like_received", comment: "comment_like_received" } as const;

/**
 * Like: the row, the author's points (never for a self-like) and a recount, in one batch. Each like
 * instance is its own points source (`target:user:nonce`), so an unlike reverses exactly what the like
 * earned and liking again earns again: totals always equal 2 (or 1) per existing like. The award is
 * guarded by `changes()` of the like insert, so a like that already existed earns nothing.
 * `awardSource` identifies this like's award, for guarding the notification on it.
 */
export function likeStatements(d1: D1Database, target: Target, userId: string, now: number) {
  const awardSource = { kind: `${target.kind}_like`, id: `${target.id}:${userId}:${newId()}` };
  const statements = [
    d1
      .prepare(
        `insert into ${table[target.kind]} (${column[target.kind]}, user_id, created_at) values (?, ?, ?) on conflict do nothing`,
      )
      .bind(target.id, userId, now),
  ];
  if (target.authorId && target.authorId !== userId) {
    statements.push(
      ...awardStatements(
        d1,
        {
          userId: target.authorId,
          communityId: target.communityId,
          reason: reason[target.kind],
          sourceKind: awardSource.kind,
          sourceId: awardSource.id,
        },
        { sql: "changes() = 1", params: [] },
      ),
    );
  }
  statements.push(recount(d1, target));
  return { statements, awardSource };
}

/** Notify only when this request's like is new, i.e. its award row exists. */
export const likeNotificationGuard = (awardSource: { kind: string; id: string }) => ({
  sql: "exists (select 1 from point_events where source_kind = ? and source_id = ?)",
  params: [awardSource.kind, awardSource.id],
});

export function unlikeStatements(d1: D1Database, target: Target, userId: string): D1PreparedStatement[] {
  return [
    ...reversalStatements(d1, target.communityId, {
      sql: "pe.source_kind = ? and (pe.source_id = ? or substr(pe.source_id, 1, length(?)) = ?)",
      params: [`${target.kind}_like`, `${target.id}:${userId}`, `${target.id}:${userId}:`, `${target.id}:${userId}:`],
    }),
    d1.prepare(`delete from ${table[target.kind]} where ${column[target.kind]} = ? and user_id = ?`).bind(target.id, userId),
    recount(d1, target),
  ];
}

/** Counters are recounted, not incremented, so parallel likes and unlikes cannot drift. */
function recount(d1: D1Database, target: Target): D1PreparedStatement {
  return d1
    .prepare(
      `update ${counterTable[target.kind]} set likes_count = (select count(*) from ${table[target.kind]} where ${column[target.kind]} = ?1) where id = ?1
       returning likes_count`,
    )
    .bind(target.id);
}
