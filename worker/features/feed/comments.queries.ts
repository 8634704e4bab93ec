import { and, asc, eq, gt, isNull, or, sql, type SQL } from "drizzle-orm";
import { levelForPoints } from "../../../common/levels";
import { blockedBetween } from "../../lib/access";
import { notHiddenByBan } from "../../lib/membership";
import type { Db } from "../../lib/db";
import { decodeCursor, encodeCursor } from "../../lib/pagination";
import { viewerSql, type Viewer } from "../../lib/session";
import { firstRow } from "../../lib/sql-names";
import { commentLikes, communities, postComments, posts, userPoints, users } from "../../lib/tables";

export type FeedComment = {
  id: string;
  postId: string;
  parentCommentId: string | null;
  author: { id: string; fullName: string; avatarUrl: string | null } | null;
  isAuthorAdmin: boolean;
  authorLevel: number;
  content: string;
  likesCount: number;
  repliesCount: number;
  userHasLiked: boolean;
  editedAt: number | null;
  createdAt: number;
};

/**
 * Columns of a comment as its thread shows it; `viewer` is the viewer (for their like). Every result
 * column has its own name, so the rows survive a batch (which keys them by name).
 */
const select = (db: Db, viewer: SQL) =>
  db
    .select({
      id: postComments.id,
      postId: postComments.postId,
      parentCommentId: postComments.parentCommentId,
      authorId: postComments.authorId,
      fullName: users.fullName,
      avatarUrl: users.avatarUrl,
      creatorId: communities.creatorId,
      authorPoints: sql`coalesce(${userPoints.points}, 0)`.mapWith(userPoints.points),
      content: postComments.content,
      likesCount: postComments.likesCount,
      repliesCount: postComments.repliesCount,
      editedAt: postComments.editedAt,
      createdAt: postComments.createdAt,
      liked:
        sql`exists (select 1 from ${commentLikes} where ${commentLikes.commentId} = ${postComments.id} and ${commentLikes.userId} = ${viewer})`.mapWith(
          Boolean,
        ),
    })
    .from(postComments)
    .innerJoin(posts, eq(posts.id, postComments.postId))
    .innerJoin(communities, eq(communities.id, posts.communityId))
    .leftJoin(users, eq(users.id, postComments.authorId))
    .leftJoin(userPoints, and(eq(userPoints.userId, postComments.authorId), eq(userPoints.communityId, posts.communityId)));

type Row = Awaited<ReturnType<typeof select>>[number];

/** Either side of a block hides the other's comments from them; a ban that hides its author's content, from everyone. */
const notBlocked = (viewer: SQL) =>
  sql`not ${blockedBetween(postComments.authorId, viewer)} and ${notHiddenByBan(posts.communityId, postComments.authorId)}`;

export const toComment = (r: Row): FeedComment => ({
  id: r.id,
  postId: r.postId,
  parentCommentId: r.parentCommentId,
  author: r.authorId ? { id: r.authorId, fullName: r.fullName ?? "", avatarUrl: r.avatarUrl } : null,
  isAuthorAdmin: r.authorId !== null && r.authorId === r.creatorId,
  authorLevel: levelForPoints(r.authorPoints),
  content: r.content,
  likesCount: r.likesCount,
  repliesCount: r.repliesCount,
  userHasLiked: r.liked,
  editedAt: r.editedAt,
  createdAt: r.createdAt,
});

/** Top-level comments of a post (or the replies of one comment), oldest first, keyset paged: one statement. */
export function listComments(
  db: Db,
  viewer: Viewer,
  scope: { postId: string } | { parentId: string },
  opts: { cursor?: string; limit: number },
) {
  const after = opts.cursor ? decodeCursor(opts.cursor) : null;
  const who = viewerSql(viewer);
  const where =
    "postId" in scope
      ? and(eq(postComments.postId, scope.postId), isNull(postComments.parentCommentId))
      : eq(postComments.parentCommentId, scope.parentId);
  const keyset = after
    ? or(
        gt(postComments.createdAt, after.createdAt),
        and(eq(postComments.createdAt, after.createdAt), gt(postComments.id, after.id)),
      )
    : undefined;
  return select(db, who)
    .where(and(where, notBlocked(who), keyset))
    .orderBy(asc(postComments.createdAt), asc(postComments.id))
    .limit(opts.limit + 1);
}

/** Shapes the rows of `listComments`. */
export function commentsPage(rows: Row[], opts: { limit: number }) {
  const page = rows.slice(0, opts.limit);
  const last = page.at(-1);
  return {
    items: page.map(toComment),
    nextCursor: rows.length > opts.limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

/** One comment as its thread shows it. */
export const findComment = (db: Db, viewer: Viewer, id: string) =>
  firstRow(select(db, viewerSql(viewer)).where(eq(postComments.id, id)));
