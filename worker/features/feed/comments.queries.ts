import { sql, type SQL } from "drizzle-orm";
import { levelForPoints } from "../../../common/levels";
import { blockedBetween } from "../../lib/access";
import type { Db } from "../../lib/db";
import { decodeCursor, encodeCursor } from "../../lib/pagination";
import { viewerSql, type Viewer } from "../../lib/session";

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

type Row = {
  id: string;
  post_id: string;
  parent_comment_id: string | null;
  author_id: string | null;
  full_name: string | null;
  avatar_url: string | null;
  creator_id: string | null;
  author_points: number;
  content: string;
  likes_count: number;
  replies_count: number;
  liked: number;
  edited_at: number | null;
  created_at: number;
};

const select = (viewer: SQL) => sql`select pc.id, pc.post_id, pc.parent_comment_id, pc.author_id, u.full_name, u.avatar_url,
    c.creator_id, coalesce(up.points, 0) as author_points, pc.content, pc.likes_count, pc.replies_count, pc.edited_at, pc.created_at,
    exists (select 1 from comment_likes l where l.comment_id = pc.id and l.user_id = ${viewer}) as liked
  from post_comments pc
  join posts p on p.id = pc.post_id
  join communities c on c.id = p.community_id
  left join users u on u.id = pc.author_id
  left join user_points up on up.user_id = pc.author_id and up.community_id = p.community_id`;

const notBlocked = (viewer: SQL) => sql`not ${blockedBetween(sql.raw("pc.author_id"), viewer)}`;

export const toComment = (r: Row): FeedComment => ({
  id: r.id,
  postId: r.post_id,
  parentCommentId: r.parent_comment_id,
  author: r.author_id ? { id: r.author_id, fullName: r.full_name ?? "", avatarUrl: r.avatar_url } : null,
  isAuthorAdmin: r.author_id !== null && r.author_id === r.creator_id,
  authorLevel: levelForPoints(r.author_points),
  content: r.content,
  likesCount: r.likes_count,
  repliesCount: r.replies_count,
  userHasLiked: r.liked === 1,
  editedAt: r.edited_at,
  createdAt: r.created_at,
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
      ? sql`pc.post_id = ${scope.postId} and pc.parent_comment_id is null`
      : sql`pc.parent_comment_id = ${scope.parentId}`;
  const keyset = after
    ? sql` and (pc.created_at > ${after.createdAt} or (pc.created_at = ${after.createdAt} and pc.id > ${after.id}))`
    : sql``;
  return db.all<Row>(
    sql`${select(who)} where ${where} and ${notBlocked(who)}${keyset} order by pc.created_at asc, pc.id asc limit ${opts.limit + 1}`,
  );
}

/** Shapes the rows of `listComments`. */
export function commentsPage(rows: Row[], opts: { limit: number }) {
  const page = rows.slice(0, opts.limit);
  const last = page.at(-1);
  return {
    items: page.map(toComment),
    nextCursor: rows.length > opts.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

/** One comment as its thread shows it. */
export const findComment = (db: Db, viewer: Viewer, id: string) =>
  db.get<Row | undefined>(sql`${select(viewerSql(viewer))} where pc.id = ${id}`);
