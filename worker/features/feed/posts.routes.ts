import { eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import { feed } from "../../../common/contract/feed";
import type { HonoEnv } from "../../env";
import { assertWritable, load, postFor } from "../../lib/access";
import { commit, notify, reverse } from "../../lib/commit";
import { batch } from "../../lib/db";
import { forbidden, notFound } from "../../lib/errors";
import { canDeleteContent, canEditContent, canManageContent } from "../../lib/permissions";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { sessionToken, sessionUserId } from "../../lib/session";
import { preview } from "../../lib/notify";
import { setLike } from "./likes";
import { mentionedMembers, mentionedUserIds, mentionTargets } from "./mentions";
import { withPermissions } from "./post-permissions";
import { assertTopic, topicCount, topicOf } from "./post-writes";
import { findPost, toFeedPost } from "./posts.queries";
import { fileReport } from "../../lib/reports";
import { reversedEvent as pe } from "../../lib/points";
import { bare } from "../../lib/sql-names";
import { communities, postComments, posts } from "../../lib/tables";

async function setPinned(c: Context<HonoEnv>, postId: string, pinned: boolean) {
  const db = c.var.db;
  const { post, access } = await load(c, postFor(db, await sessionToken(c), postId));
  assertWritable(access.community);
  if (!canManageContent(access.actor, access.community, access.membership))
    throw forbidden("Only the owner and admins can pin posts.");
  await commit(c, {
    // A template, not the builder: pinning leaves the post's `updated_at` alone.
    steps: [
      db.run(sql`update ${posts} set ${bare(posts.pinnedAt)} = ${pinned ? Date.now() : null} where ${posts.id} = ${post.id}`),
    ],
    frames: () => [{ room: "community", id: post.communityId, event: { type: "post.updated", postId: post.id } }],
  });
  return respond(c, pinned ? feed.pinPost : feed.unpinPost, { postId: post.id, pinned });
}

/** /api/posts/:postId… */
export const postsRoutes = [
  route(feed.getPost, async (c) => {
    // The access row and the post as its page shows it, in one round trip.
    const db = c.var.db;
    const token = await sessionToken(c);
    const target = postFor(db, token, c.req.valid("param").postId);
    const shown = findPost(db, c.req.valid("param").postId, { token });
    const [row, shownRow] = await db.batch([target.query, shown]);
    const { access } = target.read(c, row);
    if (!shownRow) throw notFound("Post not found.");
    const found = toFeedPost(shownRow);
    return respond(c, feed.getPost, {
      post: withPermissions(found, access),
      community: { id: access.community.id, name: access.community.name },
    });
  }),
  route(feed.editPost, async (c) => {
    // Two round trips: the access row with the topic and mention checks, then the write batch.
    const db = c.var.db;
    const token = await sessionToken(c);
    const body = c.req.valid("json");
    const postId = c.req.valid("param").postId;
    const target = postFor(db, token, postId);
    // The topic and the mentioned members are checked against the post's community inside the same batch.
    const community = sql`(select ${posts.communityId} from ${posts} where ${posts.id} = ${postId})`;
    const topic = topicOf(db, community, body.topicId);
    const mentions = mentionTargets(db, community, sessionUserId(token), body.content);
    const checks = await batch(db, [target.query, ...[topic, mentions].filter((q) => q !== null)]);
    const { post, access } = target.read(c, checks(target.query));
    assertWritable(access.community);
    if (!canEditContent(access.actor, access.community, access.membership, post.authorId))
      throw forbidden("Only the author can edit this post.");
    assertTopic(topic && checks(topic));
    const mentioned = mentionedMembers(mentions && checks(mentions), mentionedUserIds(post.content));
    const now = Date.now();
    const user = access.user;
    const topicChanged = (body.topicId ?? null) !== post.topicId;
    const shown = findPost(db, post.id, { id: user.id });
    const read = await commit(c, {
      steps: [
        db
          .update(posts)
          .set({ headline: body.headline, content: body.content, topicId: body.topicId ?? null, editedAt: now, updatedAt: now })
          .where(eq(posts.id, post.id)),
        topicChanged && post.topicId ? topicCount(db, post.topicId, -1) : null,
        topicChanged && body.topicId ? topicCount(db, body.topicId, 1) : null,
        ...mentioned.map((recipientId) =>
          notify({
            recipientId,
            senderId: user.id,
            communityId: post.communityId,
            type: "MENTION",
            content: preview(body.headline ?? body.content),
            postId: post.id,
          }),
        ),
        shown,
      ],
      frames: () => [{ room: "community", id: post.communityId, event: { type: "post.updated", postId: post.id } }],
    });
    const updated = toFeedPost(read(shown)!);
    return respond(c, feed.editPost, { post: withPermissions(updated, access) });
  }),
  route(feed.deletePost, async (c) => {
    const db = c.var.db;
    const { post, access } = await load(c, postFor(db, await sessionToken(c), c.req.valid("param").postId));
    assertWritable(access.community);
    if (!canDeleteContent(access.actor, access.community, access.membership, post.authorId))
      throw forbidden("You can only delete your own posts.");
    // Everything the post earned anyone is taken back: the post, its likes, its comments and their likes.
    const comments = sql`(select ${postComments.id} from ${postComments} where ${postComments.postId} = ${post.id})`;
    const sources = sql`(${pe.sourceKind} = 'post' and ${pe.sourceId} = ${post.id})
      or (${pe.sourceKind} = 'post_like' and substr(${pe.sourceId}, 1, length(${post.id}) + 1) = ${post.id} || ':')
      or (${pe.sourceKind} = 'comment' and ${pe.sourceId} in ${comments})
      or (${pe.sourceKind} = 'comment_like' and substr(${pe.sourceId}, 1, instr(${pe.sourceId}, ':') - 1) in ${comments})`;
    await commit(c, {
      steps: [
        reverse(post.communityId, sources),
        // A template, not the builder: a counter leaves the community's `updated_at` alone.
        db.run(
          sql`update ${communities} set ${bare(communities.postsCount)} = max(0, ${communities.postsCount} - 1)
              where ${communities.id} = ${post.communityId}`,
        ),
        post.topicId ? topicCount(db, post.topicId, -1) : null,
        db.delete(posts).where(eq(posts.id, post.id)),
      ],
      frames: () => [{ room: "community", id: post.communityId, event: { type: "post.deleted", postId: post.id } }],
    });
    return respond(c, feed.deletePost, { ok: true });
  }),
  route(feed.likePost, async (c) => {
    const postId = c.req.valid("param").postId;
    const { liked, likesCount } = await setLike(c, "post", postId, true);
    return respond(c, feed.likePost, { postId, liked, likesCount });
  }),
  route(feed.unlikePost, async (c) => {
    const postId = c.req.valid("param").postId;
    const { liked, likesCount } = await setLike(c, "post", postId, false);
    return respond(c, feed.unlikePost, { postId, liked, likesCount });
  }),
  route(feed.pinPost, (c) => setPinned(c, c.req.valid("param").postId, true)),
  route(feed.unpinPost, (c) => setPinned(c, c.req.valid("param").postId, false)),
  route(feed.reportPost, async (c) => {
    const token = await sessionToken(c);
    const postId = c.req.valid("param").postId;
    const { reason } = c.req.valid("json");
    const filed = await fileReport(c, {
      endpoint: feed.reportPost,
      key: c.req.valid("header")["idempotency-key"],
      token,
      target: postFor(c.var.db, token, postId),
      request: { postId, reason },
      report: ({ post, access }) => ({
        reporterId: access.user.id,
        communityId: post.communityId,
        targetKind: "post",
        targetId: post.id,
        targetAuthorId: post.authorId,
        reason,
      }),
    });
    return respond(c, feed.reportPost, filed);
  }),
];
