import { sql } from "drizzle-orm";
import type { Context } from "hono";
import { newId } from "../../../common/ids";
import type { HonoEnv } from "../../env";
import { assertWritable, commentFor, postFor, type MemberContext } from "../../lib/access";
import { award, commit, notify, reverse } from "../../lib/commit";
import { batch, type Db } from "../../lib/db";
import { assertUnderLimit, hitStatement, rateLimitRules } from "../../lib/rate-limit";
import { sessionToken, sessionUserId } from "../../lib/session";
import { preview, type NewNotification } from "../../lib/notify";

type Kind = "post" | "comment";
export type Target = { kind: Kind; id: string; authorId: string | null; communityId: string };

const table = { post: sql.raw("post_likes"), comment: sql.raw("comment_likes") } as const;
const column = { post: sql.raw("post_id"), comment: sql.raw("comment_id") } as const;
const reason = { post: "post_like_received", comment: "comment_like_received" } as const;

/**
 * Counters are recounted, not incremented, so parallel likes and unlikes cannot drift. The row it
 * returns carries what the room's counter event needs (a post's comment count too).
 */
function recount(db: Db, target: Target) {
  return target.kind === "post"
    ? db.all<{ likes_count: number; comments_count: number }>(
        sql`update posts set likes_count = (select count(*) from post_likes where post_id = ${target.id}) where id = ${target.id}
            returning likes_count, comments_count`,
      )
    : db.all<{ likes_count: number; comments_count?: number }>(
        sql`update post_comments set likes_count = (select count(*) from comment_likes where comment_id = ${target.id})
            where id = ${target.id} returning likes_count`,
      );
}

/**
 * Like: the row, the author's points (never for a self-like) and a recount, in one batch. Each like
 * instance is its own points source (`target:user:nonce`), so an unlike reverses exactly what the like
 * earned and liking again earns again: totals always equal 2 (or 1) per existing like. The award is
 * guarded by `changes()` of the like insert, so a like that already existed earns nothing.
 * `awardSource` identifies this like's award, for guarding the notification on it.
 */
function likeSteps(db: Db, target: Target, userId: string, now: number) {
  const awardSource = { kind: `${target.kind}_like`, id: `${target.id}:${userId}:${newId()}` };
  const insert = db.run(
    sql`insert into ${table[target.kind]} (${column[target.kind]}, user_id, created_at) values (${target.id}, ${userId}, ${now})
        on conflict do nothing`,
  );
  const earned =
    target.authorId && target.authorId !== userId
      ? award(
          {
            userId: target.authorId,
            communityId: target.communityId,
            reason: reason[target.kind],
            sourceKind: awardSource.kind,
            sourceId: awardSource.id,
          },
          sql`changes() = 1`,
        )
      : null;
  return { steps: [insert, earned], awardSource };
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * Notify only when this request's like is new (its award row exists), and once a day per liker and
 * target: unliking and liking again does not notify the author again. The award row is looked up by
 * the ledger's whole unique key, so a like never reads through the ledger.
 */
export function likeNotificationGuard(awardSource: { kind: string; id: string }, target: Target, likerId: string, now: number) {
  const same =
    target.kind === "post"
      ? sql`type = 'POST_LIKE' and post_id = ${target.id}`
      : sql`type = 'COMMENT_LIKE' and comment_id = ${target.id}`;
  return sql`exists (select 1 from point_events where user_id = ${target.authorId} and community_id = ${target.communityId}
      and reason = ${reason[target.kind]} and source_kind = ${awardSource.kind} and source_id = ${awardSource.id})
    and not exists (select 1 from notifications where recipient_id = ${target.authorId} and sender_id = ${likerId}
      and ${same} and created_at > ${now - DAY})`;
}

function unlikeSteps(db: Db, target: Target, userId: string) {
  const source = `${target.id}:${userId}`;
  return [
    reverse(
      target.communityId,
      sql`pe.source_kind = ${`${target.kind}_like`} and (pe.source_id = ${source} or substr(pe.source_id, 1, length(${`${source}:`})) = ${`${source}:`})`,
    ),
    db.run(sql`delete from ${table[target.kind]} where ${column[target.kind]} = ${target.id} and user_id = ${userId}`),
  ];
}

/** What the author's notification says about the liked thing. */
type Notice = Pick<NewNotification, "type" | "content" | "postId" | "commentId">;
type Liked = { target: Target; access: MemberContext; notice: Notice };

/**
 * The target with the caller's access to it, and the caller's like budget counted, in one round trip;
 * what the like notification says.
 */
async function likedThing(c: Context<HonoEnv>, kind: Kind, id: string): Promise<Liked> {
  const db = c.var.db;
  const token = await sessionToken(c);
  const limit = hitStatement(db, rateLimitRules.likes, sessionUserId(token));
  if (kind === "post") {
    const access = postFor(db, token, id);
    const checks = await batch(db, [access.query, limit]);
    const { post, access: member } = access.read(c, checks(access.query));
    assertUnderLimit(rateLimitRules.likes, checks(limit));
    return {
      target: { kind, id: post.id, authorId: post.authorId, communityId: post.communityId },
      access: member,
      notice: { type: "POST_LIKE", content: preview(post.content), postId: post.id },
    };
  }
  const access = commentFor(db, token, id);
  const checks = await batch(db, [access.query, limit]);
  const { comment, access: member } = access.read(c, checks(access.query));
  assertUnderLimit(rateLimitRules.likes, checks(limit));
  return {
    target: { kind, id: comment.id, authorId: comment.authorId, communityId: comment.communityId },
    access: member,
    notice: { type: "COMMENT_LIKE", postId: comment.postId, commentId: comment.id },
  };
}

/**
 * Like or unlike a post or a comment: the one like action. Two round trips: the caller's access to the
 * target (session, membership, block) in one statement, then the write batch, whose recount answers
 * the new counters. Live: a post's counters go to its community room (with the leaderboard's refresh
 * when points moved), the author's notification to them.
 */
export async function setLike(
  c: Context<HonoEnv>,
  kind: Kind,
  id: string,
  liked: boolean,
): Promise<{ liked: boolean; likesCount: number }> {
  const { target, access, notice } = await likedThing(c, kind, id);
  assertWritable(access.community);
  const db = c.var.db;
  const user = access.user;
  const now = Date.now();
  const like = liked ? likeSteps(db, target, user.id, now) : null;
  const counts = recount(db, target);
  const counters = (row: { likes_count: number; comments_count?: number } | undefined) => ({
    likesCount: row?.likes_count ?? 0,
    commentsCount: row?.comments_count ?? 0,
  });
  const read = await commit(c, {
    steps: [
      ...(like ? like.steps : unlikeSteps(db, target, user.id)),
      counts,
      like && target.authorId
        ? notify({
            ...notice,
            recipientId: target.authorId,
            senderId: user.id,
            communityId: target.communityId,
            onlyIf: likeNotificationGuard(like.awardSource, target, user.id, now),
          })
        : null,
    ],
    frames: (read) =>
      kind === "post"
        ? [
            {
              room: "community",
              id: target.communityId,
              event: { type: "post.counters", postId: target.id, ...counters(read(counts)[0]) },
            },
          ]
        : [],
  });
  return { liked, likesCount: counters(read(counts)[0]).likesCount };
}
