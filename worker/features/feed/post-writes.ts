import { and, count, eq, inArray, sql, type SQLWrapper } from "drizzle-orm";
import type { Context } from "hono";
import { newId } from "../../../common/ids";
import { feed } from "../../../common/contract/feed";
import type { HonoEnv } from "../../env";
import { assertWritable, memberOf } from "../../lib/access";
import { batch, type Db } from "../../lib/db";
import { AppError, notFound } from "../../lib/errors";
import { idempotency } from "../../lib/idempotency";
import { assertUnderLimit, hitStatement, rateLimitRules } from "../../lib/rate-limit";
import { sessionToken, sessionUserId } from "../../lib/session";
import { bare } from "../../lib/sql-names";
import { communities, communityTopics, postPollOptions, postPolls, posts, uploads } from "../../lib/tables";
import { award, commitOnce, notify } from "../../lib/commit";
import { preview } from "../../lib/notify";
import type { PostBody } from "../../../common/contract/feed";
import { mentionedMembers, mentionTargets } from "./mentions";
import { findPost, toFeedPost } from "./posts.queries";

/** The topic must be one of the community's own: a statement (null without a topic), then the check. */
export const topicOf = (db: Db, communityId: string | SQLWrapper, topicId: string | null | undefined) =>
  topicId
    ? db
        .select({ id: communityTopics.id })
        .from(communityTopics)
        .where(and(eq(communityTopics.id, topicId), eq(communityTopics.communityId, communityId)))
    : null;

export function assertTopic(found: unknown[] | null) {
  if (found && found.length === 0)
    throw new AppError("VALIDATION_FAILED", "Some fields are not valid.", {
      issues: [{ path: "topicId", message: "Unknown topic" }],
    });
}

/** How many of the post images are the author's own uploads (null without images). */
const ownImages = (db: Db, ownerId: SQLWrapper, keys: string[]) =>
  keys.length > 0
    ? db
        .select({ n: count() })
        .from(uploads)
        .where(and(eq(uploads.ownerId, ownerId), eq(uploads.purpose, "post_image"), inArray(uploads.r2Key, keys)))
    : null;

/** Counter changes of a topic, for the batch that adds or moves a post. */
export const topicCount = (db: Db, topicId: string, delta: 1 | -1) => {
  const t = communityTopics;
  return db.run(
    delta === 1
      ? sql`update ${t} set ${bare(t.postsCount)} = ${t.postsCount} + 1 where ${t.id} = ${topicId}`
      : sql`update ${t} set ${bare(t.postsCount)} = max(0, ${t.postsCount} - 1) where ${t.id} = ${topicId}`,
  );
};

/** The poll of a new post, with its options in the author's order (nothing without a poll). */
function pollSteps(db: Db, postId: string, poll: PostBody["poll"], now: number) {
  if (!poll) return [];
  return [
    db.insert(postPolls).values({ postId, multipleChoice: poll.multipleChoice, closesAt: poll.closesAt, createdAt: now }),
    db.insert(postPollOptions).values(poll.options.map((text, position) => ({ id: newId(), postId, position, text }))),
  ];
}

/** A post its author created, as the feed shows it now (a retried create answers with it). */
async function createdPost(db: Db, postId: string, authorId: string) {
  const row = await findPost(db, postId, { id: authorId });
  if (!row) throw notFound("Post not found.");
  return toFeedPost(row);
}

/**
 * POST /api/communities/:id/posts. Two round trips: the session, membership, the Idempotency-Key's
 * claim, rate limit, topic, images and mentioned members in one batch; then the post with its counters,
 * points and notifications, and the post as the feed shows it, in the write batch.
 */
export async function createPost(c: Context<HonoEnv>, communityId: string, body: PostBody, key: string | undefined) {
  const db = c.var.db;
  const token = await sessionToken(c);
  const author = sessionUserId(token);
  const keys = body.imageUrls.map((u) => u.slice("/files/".length));
  const member = memberOf(db, token, communityId);
  const once = await idempotency(db, { key, scope: feed.createPost.route, request: { communityId, body }, owner: author });
  const limit = hitStatement(db, rateLimitRules.posting, once.ifNew(author));
  const topic = topicOf(db, communityId, body.topicId);
  const images = ownImages(db, author, keys);
  const mentions = mentionTargets(db, communityId, author, body.content);
  const checks = await batch(db, [member.query, ...once.lookup, limit, ...[topic, images, mentions].filter((q) => q !== null)]);

  const access = member.read(c, checks(member.query));
  const earlier = once.earlier(checks);
  if (earlier) return { post: await createdPost(db, earlier, access.user.id), access };
  assertWritable(access.community);
  assertUnderLimit(rateLimitRules.posting, checks(limit));
  assertTopic(topic && checks(topic));
  if (images && (checks(images)[0]?.n ?? 0) !== new Set(keys).size) {
    throw new AppError("VALIDATION_FAILED", "Some fields are not valid.", {
      issues: [{ path: "imageUrls", message: "Images must be uploaded first" }],
    });
  }

  const user = access.user;
  const id = newId();
  const now = Date.now();
  const created = findPost(db, id, { id: user.id });
  const written = await commitOnce(
    c,
    once,
    { userId: user.id, resourceId: id },
    {
      steps: [
        db.insert(posts).values({
          id,
          communityId,
          authorId: user.id,
          headline: body.headline,
          content: body.content,
          imageUrls: body.imageUrls.length ? body.imageUrls : null,
          topicId: body.topicId ?? null,
          createdAt: now,
          updatedAt: now,
        }),
        ...pollSteps(db, id, body.poll, now),
        // A template, not the builder: a counter leaves the community's `updated_at` alone.
        db.run(
          sql`update ${communities} set ${bare(communities.postsCount)} = ${communities.postsCount} + 1 where ${communities.id} = ${communityId}`,
        ),
        body.topicId ? topicCount(db, body.topicId, 1) : null,
        award({ userId: user.id, communityId, reason: "post_created", sourceKind: "post", sourceId: id }),
        ...mentionedMembers(mentions && checks(mentions)).map((recipientId) =>
          notify({
            recipientId,
            senderId: user.id,
            communityId,
            type: "MENTION",
            content: preview(body.headline ?? body.content),
            postId: id,
          }),
        ),
        created,
      ],
      // Ids only: each member reads the post through the API, which applies blocks and their permissions.
      frames: () => [{ room: "community", id: communityId, event: { type: "post.created", postId: id } }],
    },
  );
  if ("earlier" in written) return { post: await createdPost(db, written.earlier, user.id), access };
  const read = written.read;
  return { post: toFeedPost(read(created)!), access };
}
