import { and, eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import { newId } from "../../../common/ids";
import type { HonoEnv } from "../../env";
import { assertWritable, commentFor, postFor, type MemberContext } from "../../lib/access";
import { award, commit, notify, reverse } from "../../lib/commit";
import { reversedEvent as pe } from "../../lib/points";
import { batch, type Db } from "../../lib/db";
import { assertUnderLimit, hitStatement, rateLimitRules } from "../../lib/rate-limit";
import { sessionToken, sessionUserId } from "../../lib/session";
import { preview, type NewNotification } from "../../lib/notify";
import { commentLikes, notifications, pointEvents, postLikes, posts } from "../../lib/tables";
import { recountCommentLikes, recountPost } from "./post-counters";

type Kind = "post" | "comment";
export type Target = { kind: Kind; id: string; authorId: string | null; communityId: string };

const reason = { post: "post_like_received", comment: "comment_like_received" } as const;

/**
 * Counters are recounted, not incremented, so parallel likes and unlikes cannot drift. The row it
 * returns carries what the room's counter event needs (a post's comment count too).
 */
function recount(db: Db, target: Target) {
  return target.kind === "post"
    ? recountPost(
        db,
        target.id,
        posts.likesCount,
        sql`(select count(*) from ${postLikes} where ${postLikes.postId} = ${target.id})`,
      )
    : recountCommentLikes(
        db,
        target.id,
        sql`(select count(*) from ${commentLikes} where ${commentLikes.commentId} = ${target.id})`,
      );
}

/** The like's own row: inserted (a like that exists already stays as it is) or deleted. */
const likeRow = {
  insert: (db: Db, target: Target, userId: string, createdAt: number) =>
    target.kind === "post"
      ? db.insert(postLikes).values({ postId: target.id, userId, createdAt }).onConflictDoNothing()
      : db.insert(commentLikes).values({ commentId: target.id, userId, createdAt }).onConflictDoNothing(),
  delete: (db: Db, target: Target, userId: string) =>
    target.kind === "post"
      ? db.delete(postLikes).where(and(eq(postLikes.postId, target.id), eq(postLikes.userId, userId)))
      : db.delete(commentLikes).where(and(eq(commentLikes.commentId, target.id), eq(commentLikes.userId, userId))),
};

/**
 * Like: the row, the author's points (never for a self-like) and a recount, in one batch. Each like
 * instance is its own points source (`target:user:nonce`), so an unlike reverses exactly what the like
 * earned and liking again earns again: totals always equal 2 (or 1) per existing like. The award is
 * guarded by `changes()` of the like insert, so a like that already existed earns nothing.
 * `awardSource` identifies this like's award, for guarding the notification on it.
 */
function likeSteps(db: Db, target: Target, userId: string, now: number) {
  const awardSource = { kind: `${target.kind}_like`, id: `${target.id}:${userId}:${newId()}` };
  const insert = likeRow.insert(db, target, userId, now);
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
  const [pe, n] = [pointEvents, notifications];
  const same =
    target.kind === "post"
      ? sql`${n.type} = 'POST_LIKE' and ${n.postId} = ${target.id}`
      : sql`${n.type} = 'COMMENT_LIKE' and ${n.commentId} = ${target.id}`;
  return sql`exists (select 1 from ${pe} where ${pe.userId} = ${target.authorId} and ${pe.communityId} = ${target.communityId}
      and ${pe.reason} = ${reason[target.kind]} and ${pe.sourceKind} = ${awardSource.kind} and ${pe.sourceId} = ${awardSource.id})
    and not exists (select 1 from ${n} where ${n.recipientId} = ${target.authorId} and ${n.senderId} = ${likerId}
      and ${same} and ${n.createdAt} > ${now - DAY})`;
}

function unlikeSteps(db: Db, target: Target, userId: string) {
  const source = `${target.id}:${userId}`;
  return [
    reverse(
      target.communityId,
      sql`${pe.sourceKind} = ${`${target.kind}_like`} and (${pe.sourceId} = ${source} or substr(${pe.sourceId}, 1, length(${`${source}:`})) = ${`${source}:`})`,
    ),
    likeRow.delete(db, target, userId),
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
  const counters = (row: { likesCount: number; commentsCount?: number } | undefined) => ({
    likesCount: row?.likesCount ?? 0,
    commentsCount: row?.commentsCount ?? 0,
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
