import { sql, type SQL } from "drizzle-orm";
import { levelForPoints } from "../../../common/levels";
import { blockedBetween } from "../../lib/access";
import type { Db } from "../../lib/db";
import { decodeCursor, encodeCursor } from "../../lib/pagination";
import { viewerSql, type Viewer } from "../../lib/session";

export type FeedPost = {
  id: string;
  communityId: string;
  author: { id: string; fullName: string; avatarUrl: string | null } | null;
  isAuthorAdmin: boolean;
  authorLevel: number;
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

type Row = {
  id: string;
  community_id: string;
  author_id: string | null;
  full_name: string | null;
  avatar_url: string | null;
  creator_id: string | null;
  author_points: number;
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

/** Columns of a feed card; `viewer` is the viewer (for their like). */
const select = (viewer: SQL) => sql`select p.id, p.community_id, p.author_id, u.full_name, u.avatar_url, c.creator_id, coalesce(up.points, 0) as author_points, p.headline,
    p.content, p.image_urls, p.topic_id, t.name as topic_name, t.color as topic_color, p.likes_count, p.comments_count, p.pinned_at,
    p.edited_at, p.created_at, exists (select 1 from post_likes l where l.post_id = p.id and l.user_id = ${viewer}) as liked
  from posts p
  join communities c on c.id = p.community_id
  left join users u on u.id = p.author_id
  left join user_points up on up.user_id = p.author_id and up.community_id = p.community_id
  left join community_topics t on t.id = p.topic_id`;

/** Either side of a block hides the other's posts from them. */
const notBlocked = (viewer: SQL) => sql`not ${blockedBetween(sql.raw("p.author_id"), viewer)}`;

export function toFeedPost(r: Row): FeedPost {
  return {
    id: r.id,
    communityId: r.community_id,
    author: r.author_id ? { id: r.author_id, fullName: r.full_name ?? "", avatarUrl: r.avatar_url } : null,
    isAuthorAdmin: r.author_id !== null && r.author_id === r.creator_id,
    authorLevel: levelForPoints(r.author_points),
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
  db: Db,
  communityId: string,
  viewer: Viewer,
  opts: { topicId?: string; cursor?: string; limit: number },
) {
  const after = opts.cursor ? decodeCursor(opts.cursor) : null;
  const who = viewerSql(viewer);
  const topic = opts.topicId ? sql` and p.topic_id = ${opts.topicId}` : sql``;
  const pinned = db.all<Row>(
    sql`${select(who)} where p.community_id = ${communityId} and p.pinned_at is not null${topic} and ${notBlocked(who)}
        order by p.pinned_at desc limit 20`,
  );
  const keyset = after
    ? sql` and (p.created_at < ${after.createdAt} or (p.created_at = ${after.createdAt} and p.id < ${after.id}))`
    : sql``;
  const page = db.all<Row>(
    sql`${select(who)} where p.community_id = ${communityId} and p.pinned_at is null${topic} and ${notBlocked(who)}${keyset}
        order by p.created_at desc, p.id desc limit ${opts.limit + 1}`,
  );
  return after ? ([page] as const) : ([pinned, page] as const);
}

/** Shapes the results of `feedStatements` (pinned, then the page; or only the page after the first). */
export function feedPage(results: Row[][], opts: { cursor?: string; limit: number }) {
  const pinned = results.length === 2 ? results[0]! : [];
  const rows = results.at(-1)!;
  const page = rows.slice(0, opts.limit);
  const last = page.at(-1);
  return {
    items: [...pinned, ...page].map(toFeedPost),
    nextCursor: rows.length > opts.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

/** One post as its page shows it (no row when it does not exist or a block hides it from the viewer). */
export const findPost = (db: Db, postId: string, viewer: Viewer) => {
  const who = viewerSql(viewer);
  return db.get<Row | undefined>(sql`${select(who)} where p.id = ${postId} and ${notBlocked(who)}`);
};
