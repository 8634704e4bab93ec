import { decodeCursor, encodeCursor } from "../../lib/pagination";

export type FeedPost = {
  id: string;
  communityId: string;
  author: { id: string; fullName: string; avatarUrl: string | null } | null;
  isAuthorAdmin: boolean;
  headline: string | null;
  content: string;
  imageUrls: string[];
  topic: { id: string; name: string; color: string } | null;
  likesCount: number;
  commentsCount: number;
  userHasLiked: boolean;
  pinned: boolean;
  editedAt: number | null;
  createdAt: number;
};

export type FeedRow = Row;
type Row = {
  id: string;
  community_id: string;
  author_id: string | null;
  full_name: string | null;
  avatar_url: string | null;
  creator_id: string | null;
  headline: string | null;
  content: string;
  image_urls: string | null;
  topic_id: string | null;
  topic_name: string | null;
  topic_color: string | null;
  likes_count: number;
  comments_count: number;
  liked: number;
  pinned_at: number | null;
  edited_at: number | null;
  created_at: number;
};

/**
 * Who is looking: a user id, or the session token when the feed runs in the same round trip as the
 * session lookup. `?1` is bound to it; the SQL reads the viewer through `viewerSql`.
 */
export type Viewer = { id: string } | { token: string };
const viewerSql = (viewer: Viewer) => ("id" in viewer ? "?1" : "(select user_id from sessions where token = ?1)");
const viewerParam = (viewer: Viewer) => ("id" in viewer ? viewer.id : viewer.token);

/** Columns of a feed card; VIEWER is the viewer (for their like and for blocks). */
const selectTemplate = `select p.id, p.community_id, p.author_id, u.full_name, u.avatar_url, c.creator_id, p.headline, p.content, p.image_urls,
    p.topic_id, t.name as topic_name, t.color as topic_color, p.likes_count, p.comments_count, p.pinned_at, p.edited_at, p.created_at,
    exists (select 1 from post_likes l where l.post_id = p.id and l.user_id = VIEWER) as liked
  from posts p
  join communities c on c.id = p.community_id
  left join users u on u.id = p.author_id
  left join community_topics t on t.id = p.topic_id`;

/** Either side of a block hides the other's posts from them. */
const notBlockedTemplate = `not exists (select 1 from blocked_users b
    where (b.blocker_id = p.author_id and b.blocked_id = VIEWER) or (b.blocker_id = VIEWER and b.blocked_id = p.author_id))`;

const forViewer = (sql: string, viewer: Viewer) => sql.replaceAll("VIEWER", viewerSql(viewer));

export function toFeedPost(r: Row): FeedPost {
  return {
    id: r.id,
    communityId: r.community_id,
    author: r.author_id ? { id: r.author_id, fullName: r.full_name ?? "", avatarUrl: r.avatar_url } : null,
    isAuthorAdmin: r.author_id !== null && r.author_id === r.creator_id,
    headline: r.headline,
    content: r.content,
    imageUrls: r.image_urls ? (JSON.parse(r.image_urls) as string[]) : [],
    topic: r.topic_id ? { id: r.topic_id, name: r.topic_name ?? "", color: r.topic_color ?? "#6B7280" } : null,
    likesCount: r.likes_count,
    commentsCount: r.comments_count,
    userHasLiked: r.liked === 1,
    pinned: r.pinned_at !== null,
    editedAt: r.edited_at,
    createdAt: r.created_at,
  };
}

/**
 * A feed page: pinned posts first (on the first page), then the newest, keyset by (created_at, id).
 * Two statements in one round trip whatever the page size.
 */
export function feedStatements(
  d1: D1Database,
  communityId: string,
  viewer: Viewer,
  opts: { topicId?: string; cursor?: string; limit: number },
) {
  const after = opts.cursor ? decodeCursor(opts.cursor) : null;
  const select = forViewer(selectTemplate, viewer);
  const notBlocked = forViewer(notBlockedTemplate, viewer);
  const viewerId = viewerParam(viewer);
  const topic = opts.topicId ? " and p.topic_id = ?3" : " and ?3 is null";
  const pinned = d1
    .prepare(
      `${select} where p.community_id = ?2 and p.pinned_at is not null${topic} and ${notBlocked} order by p.pinned_at desc limit 20`,
    )
    .bind(viewerId, communityId, opts.topicId ?? null);
  const page = d1
    .prepare(
      `${select} where p.community_id = ?2 and p.pinned_at is null${topic} and ${notBlocked}
         and (?4 is null or p.created_at < ?4 or (p.created_at = ?4 and p.id < ?5))
       order by p.created_at desc, p.id desc limit ?6`,
    )
    .bind(viewerId, communityId, opts.topicId ?? null, after?.createdAt ?? null, after?.id ?? null, opts.limit + 1);
  return after ? [page] : [pinned, page];
}

/** Shapes the results of `feedStatements` (pinned, then the page; or only the page after the first). */
export function feedPage(results: D1Result<Row>[], opts: { cursor?: string; limit: number }) {
  const pinned = results.length === 2 ? results[0]!.results : [];
  const rows = results.at(-1)!.results;
  const page = rows.slice(0, opts.limit);
  const last = page.at(-1);
  return {
    items: [...pinned, ...page].map(toFeedPost),
    nextCursor: rows.length > opts.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

/** One post as its page shows it, or null when it does not exist or is hidden from the viewer by a block. */
export async function findPost(d1: D1Database, postId: string, viewerId: string): Promise<FeedPost | null> {
  const viewer = { id: viewerId };
  const row = await d1
    .prepare(`${forViewer(selectTemplate, viewer)} where p.id = ?2 and ${forViewer(notBlockedTemplate, viewer)}`)
    .bind(viewerId, postId)
    .first<Row>();
  return row ? toFeedPost(row) : null;
}
