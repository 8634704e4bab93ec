import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../lib/db";
import type { Frame } from "../../lib/rooms";
import { bare, returningAs, type SelectAsRow } from "../../lib/sql-names";
import { postComments, posts } from "../../lib/tables";

/** What a post's card and its community room's `post.counters` frame show of its counts. */
const postCounters = { likesCount: posts.likesCount, commentsCount: posts.commentsCount };
export type PostCounters = SelectAsRow<typeof postCounters>;

/**
 * Sets one of a post's counters to `count` (a count of its rows: recounted, never incremented, so
 * parallel writes cannot drift) and answers both counters. A template, not the builder: drizzle's
 * builder update also moves `updated_at`, which a recount must leave alone.
 */
export const recountPost = (db: Db, postId: string, counter: typeof posts.likesCount | typeof posts.commentsCount, count: SQL) =>
  db.all<PostCounters>(
    sql`update ${posts} set ${bare(counter)} = ${count} where ${posts.id} = ${postId} returning ${returningAs(postCounters)}`,
  );

const commentCounters = { likesCount: postComments.likesCount };

/** `recountPost` for a comment's likes. */
export const recountCommentLikes = (db: Db, commentId: string, count: SQL) =>
  db.all<SelectAsRow<typeof commentCounters> & { commentsCount?: number }>(
    sql`update ${postComments} set ${bare(postComments.likesCount)} = ${count} where ${postComments.id} = ${commentId}
        returning ${returningAs(commentCounters)}`,
  );

/** The post's counters frame for its community room, from the recount the write batch answered. */
export function countersFrame(postId: string, communityId: string, counts: PostCounters | undefined): Frame | null {
  if (!counts) return null;
  return { room: "community", id: communityId, event: { type: "post.counters", postId, ...counts } };
}
