import { decodeCursor, encodeCursor } from "../../lib/pagination";

export type FeedComment = {
  id: string;
  postId: string;
  parentCommentId: string | null;
  author: { id: string; fullName: string; avatarUrl: string | null } | null;
  isAuthorAdmin: boolean;
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
  content: string;
  likes_count: number;
  replies_count: number;
  liked: number;
  edited_at: number | null;
  created_at: number;
};

const select = `select pc.id, pc.post_id, pc.parent_comment_id, pc.author_id, u.full_name, u.avatar_url, c.creator_id, pc.content,
    pc.likes_count, pc.replies_count, pc.edited_at, pc.created_at,
    exists (select 1 from comment_likes l where l.comment_id = pc.id and l.user_id = ?1) as liked
  from post_comments pc
  join posts p on p.id = pc.post_id
  join communities c on c.id = p.community_id
  left join users u on u.id = pc.author_id`;

const notBlocked = `not exists (select 1 from blocked_users b
    where (b.blocker_id = pc.author_id and b.blocked_id = ?1) or (b.blocker_id = ?1 and b.blocked_id = pc.author_id))`;

const toComment = (r: Row): FeedComment => ({
  id: r.id,
  postId: r.post_id,
  parentCommentId: r.parent_comment_id,
  author: r.author_id ? { id: r.author_id, fullName: r.full_name ?? "", avatarUrl: r.avatar_url } : null,
  isAuthorAdmin: r.author_id !== null && r.author_id === r.creator_id,
  content: r.content,
  likesCount: r.likes_count,
  repliesCount: r.replies_count,
  userHasLiked: r.liked === 1,
  editedAt: r.edited_at,
  createdAt: r.created_at,
});

/** Top-level comments of a post (or the replies of one comment), oldest first, keyset paged. */
export async function listComments(
  d1: D1Database,
  viewerId: string,
  scope: { postId: string } | { parentId: string },
  opts: { cursor?: string; limit: number },
) {
  const after = opts.cursor ? decodeCursor(opts.cursor) : null;
  const where = "postId" in scope ? "pc.post_id = ?2 and pc.parent_comment_id is null" : "pc.parent_comment_id = ?2";
  const { results } = await d1
    .prepare(
      `${select} where ${where} and ${notBlocked}
         and (?3 is null or pc.created_at > ?3 or (pc.created_at = ?3 and pc.id > ?4))
       order by pc.created_at asc, pc.id asc limit ?5`,
    )
    .bind(
      viewerId,
      "postId" in scope ? scope.postId : scope.parentId,
      after?.createdAt ?? null,
      after?.id ?? null,
      opts.limit + 1,
    )
    .all<Row>();
  const page = results.slice(0, opts.limit);
  const last = page.at(-1);
  return {
    items: page.map(toComment),
    nextCursor: results.length > opts.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

export async function findComment(d1: D1Database, viewerId: string, id: string): Promise<FeedComment | null> {
  const row = await d1.prepare(`${select} where pc.id = ?2`).bind(viewerId, id).first<Row>();
  return row ? toComment(row) : null;
}
