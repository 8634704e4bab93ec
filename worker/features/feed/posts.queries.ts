import { and, desc, eq, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { levelForPoints } from "../../../common/levels";
import { blockedBetween } from "../../lib/access";
import { notHiddenByBan } from "../../lib/membership";
import type { Db } from "../../lib/db";
import { decodeCursor, encodeCursor } from "../../lib/pagination";
import { viewerSql, type Viewer } from "../../lib/session";
import { firstRow } from "../../lib/sql-names";
import { communities, communityTopics, postLikes, posts, userPoints, users } from "../../lib/tables";
import { pollColumn, toPoll, type FeedPoll } from "./poll.queries";

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
  poll: FeedPoll | null;
};

/**
 * Columns of a feed card; `viewer` is the viewer (for their like). Every result column has its own
 * name, so the rows survive a batch (which keys them by name).
 */
const cards = (db: Db, viewer: SQL) =>
  db
    .select({
      id: posts.id,
      communityId: posts.communityId,
      authorId: posts.authorId,
      fullName: users.fullName,
      avatarUrl: users.avatarUrl,
      creatorId: communities.creatorId,
      authorPoints: sql`coalesce(${userPoints.points}, 0)`.mapWith(userPoints.points),
      headline: posts.headline,
      content: posts.content,
      imageUrls: posts.imageUrls,
      topicId: posts.topicId,
      topicName: communityTopics.name,
      topicColor: communityTopics.color,
      likesCount: posts.likesCount,
      commentsCount: posts.commentsCount,
      pinnedAt: posts.pinnedAt,
      editedAt: posts.editedAt,
      createdAt: posts.createdAt,
      liked:
        sql`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewer})`.mapWith(
          Boolean,
        ),
      poll: pollColumn(posts.id, viewer),
    })
    .from(posts)
    .innerJoin(communities, eq(communities.id, posts.communityId))
    .leftJoin(users, eq(users.id, posts.authorId))
    .leftJoin(userPoints, and(eq(userPoints.userId, posts.authorId), eq(userPoints.communityId, posts.communityId)))
    .leftJoin(communityTopics, eq(communityTopics.id, posts.topicId));

type Row = Awaited<ReturnType<typeof cards>>[number];

/** Either side of a block hides the other's posts from them; a ban that hides its author's content, from everyone. */
const notBlocked = (viewer: SQL) =>
  sql`not ${blockedBetween(posts.authorId, viewer)} and ${notHiddenByBan(posts.communityId, posts.authorId)}`;

export function toFeedPost(r: Row): FeedPost {
  return {
    id: r.id,
    communityId: r.communityId,
    author: r.authorId ? { id: r.authorId, fullName: r.fullName ?? "", avatarUrl: r.avatarUrl } : null,
    isAuthorAdmin: r.authorId !== null && r.authorId === r.creatorId,
    authorLevel: levelForPoints(r.authorPoints),
    headline: r.headline,
    content: r.content,
    imageUrls: r.imageUrls ?? [],
    topic: r.topicId ? { id: r.topicId, name: r.topicName ?? "", color: r.topicColor ?? "#6B7280" } : null,
    likesCount: r.likesCount,
    commentsCount: r.commentsCount,
    userHasLiked: r.liked,
    pinned: r.pinnedAt !== null,
    editedAt: r.editedAt,
    createdAt: r.createdAt,
    poll: toPoll(r.poll),
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
  const topic = opts.topicId ? eq(posts.topicId, opts.topicId) : undefined;
  const pinned = cards(db, who)
    .where(and(eq(posts.communityId, communityId), isNotNull(posts.pinnedAt), topic, notBlocked(who)))
    .orderBy(desc(posts.pinnedAt))
    .limit(20);
  const keyset = after
    ? or(lt(posts.createdAt, after.createdAt), and(eq(posts.createdAt, after.createdAt), lt(posts.id, after.id)))
    : undefined;
  const page = cards(db, who)
    .where(and(eq(posts.communityId, communityId), isNull(posts.pinnedAt), topic, notBlocked(who), keyset))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(opts.limit + 1);
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
    nextCursor: rows.length > opts.limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

/** One post as its page shows it (no row when it does not exist or a block hides it from the viewer). */
export const findPost = (db: Db, postId: string, viewer: Viewer) => {
  const who = viewerSql(viewer);
  return firstRow(cards(db, who).where(and(eq(posts.id, postId), notBlocked(who))));
};
