import { Hono, type Context } from "hono";
import { editPostBody, feed, postBody, postParams, reportBody } from "../../../common/contract/feed";
import { newId } from "../../../common/ids";
import type { HonoEnv } from "../../env";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { canDeleteContent, canEditContent, canManageContent } from "../../lib/permissions";
import { hit, rateLimitRules } from "../../lib/rate-limit";
import { respond } from "../../lib/respond";
import { publishToCommunity } from "../../lib/rooms";
import { validate } from "../../lib/validation";
import { notificationInsert, pushNotifications } from "../notifications/notify";
import { awardStatements, reversalStatements } from "../points/points";
import { likeNotificationGuard, likeStatements, unlikeStatements } from "./likes";
import { mentionedUserIds } from "./mentions";
import { assertNotArchived, blockedBetween, memberOf, postFor, type MemberContext } from "./post-access";
import { findPost, type FeedPost } from "./posts.queries";
import { fileReport } from "./reports";

const preview = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}...` : text);

/** The topic must be one of the community's own. */
async function assertTopic(d1: D1Database, communityId: string, topicId: string | null | undefined) {
  if (!topicId) return;
  const found = await d1
    .prepare("select 1 as x from community_topics where id = ? and community_id = ?")
    .bind(topicId, communityId)
    .first();
  if (!found)
    throw new AppError("VALIDATION_FAILED", "Some fields are not valid.", {
      issues: [{ path: "topicId", message: "Unknown topic" }],
    });
}

async function assertOwnPostImages(d1: D1Database, userId: string, urls: string[]) {
  if (urls.length === 0) return;
  const keys = urls.map((u) => u.slice("/files/".length));
  const row = await d1
    .prepare(
      `select count(*) as n from uploads where owner_id = ? and purpose = 'post_image' and r2_key in (${keys.map(() => "?").join(", ")})`,
    )
    .bind(userId, ...keys)
    .first<{ n: number }>();
  if ((row?.n ?? 0) !== new Set(keys).size) {
    throw new AppError("VALIDATION_FAILED", "Some fields are not valid.", {
      issues: [{ path: "imageUrls", message: "Images must be uploaded first" }],
    });
  }
}

/** Mentioned people who are members of the community, not the author, and not blocked either way. */
export async function mentionTargets(
  d1: D1Database,
  communityId: string,
  authorId: string,
  content: string,
  exclude: string[] = [],
) {
  const ids = mentionedUserIds(content).filter((id) => id !== authorId && !exclude.includes(id));
  if (ids.length === 0) return [];
  const { results } = await d1
    .prepare(
      `select m.profile_id from community_members m where m.community_id = ? and m.profile_id in (${ids.map(() => "?").join(", ")})
       and not exists (select 1 from blocked_users b where (b.blocker_id = m.profile_id and b.blocked_id = ?) or (b.blocker_id = ? and b.blocked_id = m.profile_id))`,
    )
    .bind(communityId, ...ids, authorId, authorId)
    .all<{ profile_id: string }>();
  return results.map((r) => r.profile_id);
}

/** What the viewer may do with a post; the card menu shows exactly these. */
export function postPermissions(access: MemberContext, authorId: string | null) {
  return {
    canEdit: canEditContent(access.actor, access.community, access.membership, authorId),
    canDelete: canDeleteContent(access.actor, access.community, access.membership, authorId),
    canPin: canManageContent(access.actor, access.community, access.membership),
  };
}

export const withPermissions = (post: FeedPost, access: MemberContext) => ({
  ...post,
  ...postPermissions(access, post.author?.id ?? null),
});

/** POST /api/communities/:id/posts */
export async function createPost(c: Context<HonoEnv>, communityId: string, body: ReturnType<typeof postBody.parse>) {
  const access = await memberOf(c, communityId);
  assertNotArchived(access);
  await hit(c.env.DB, rateLimitRules.posting, access.user.id);
  const d1 = c.env.DB;
  await assertTopic(d1, communityId, body.topicId);
  await assertOwnPostImages(d1, access.user.id, body.imageUrls);
  const mentioned = await mentionTargets(d1, communityId, access.user.id, body.content);
  const id = newId();
  const now = Date.now();
  const notifications = mentioned
    .map((recipientId) =>
      notificationInsert(d1, {
        recipientId,
        senderId: access.user.id,
        senderName: access.user.fullName,
        communityId,
        type: "MENTION",
        title: "mentioned you in a post",
        content: preview(body.headline ?? body.content),
        postId: id,
      }),
    )
    .filter((n) => n !== null);
  await d1.batch([
    d1
      .prepare(
        "insert into posts (id, community_id, author_id, headline, content, image_urls, topic_id, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .bind(
        id,
        communityId,
        access.user.id,
        body.headline,
        body.content,
        body.imageUrls.length ? JSON.stringify(body.imageUrls) : null,
        body.topicId ?? null,
        now,
        now,
      ),
    d1.prepare("update communities set posts_count = posts_count + 1 where id = ?").bind(communityId),
    ...(body.topicId
      ? [d1.prepare("update community_topics set posts_count = posts_count + 1 where id = ?").bind(body.topicId)]
      : []),
    ...awardStatements(d1, { userId: access.user.id, communityId, reason: "post_created", sourceKind: "post", sourceId: id }),
    ...notifications.map((n) => n.statement),
  ]);
  const post = (await findPost(d1, id, access.user.id))!;
  c.executionCtx.waitUntil(
    Promise.all([
      // Ids only: each member reads the post through the API, which applies blocks and their permissions.
      publishToCommunity(c.env, communityId, { type: "post.created", postId: id }),
      pushNotifications(
        c.env,
        notifications.map((n) => n.id),
      ),
    ]),
  );
  return respond(c, feed.createPost, { post: withPermissions(post, access) });
}

async function setLike(c: Context<HonoEnv>, postId: string, liked: boolean) {
  const { post, access } = await postFor(c, postId);
  assertNotArchived(access);
  const d1 = c.env.DB;
  if (post.author_id && (await blockedBetween(d1, access.user.id, post.author_id))) throw notFound("Post not found.");
  const target = { kind: "post" as const, id: post.id, authorId: post.author_id, communityId: post.community_id };
  const like = liked ? likeStatements(d1, target, access.user.id, Date.now()) : null;
  const notification =
    like && post.author_id
      ? notificationInsert(d1, {
          recipientId: post.author_id,
          senderId: access.user.id,
          senderName: access.user.fullName,
          communityId: post.community_id,
          type: "POST_LIKE",
          title: "liked your post",
          content: preview(post.content),
          postId: post.id,
          onlyIf: likeNotificationGuard(like.awardSource),
        })
      : null;
  const results = await d1.batch<{ likes_count: number }>([
    ...(like ? like.statements : unlikeStatements(d1, target, access.user.id)),
    ...(notification ? [notification.statement] : []),
  ]);
  const counts = results.find((r) => r.results[0] && "likes_count" in r.results[0]);
  const likesCount = counts?.results[0]?.likes_count ?? 0;
  const fresh = await d1
    .prepare("select comments_count from posts where id = ?")
    .bind(post.id)
    .first<{ comments_count: number }>();
  c.executionCtx.waitUntil(
    Promise.all([
      publishToCommunity(c.env, post.community_id, {
        type: "post.counters",
        postId: post.id,
        likesCount,
        commentsCount: fresh?.comments_count ?? 0,
      }),
      notification ? pushNotifications(c.env, [notification.id]) : Promise.resolve(),
    ]),
  );
  return respond(c, liked ? feed.likePost : feed.unlikePost, { postId: post.id, liked, likesCount });
}

async function setPinned(c: Context<HonoEnv>, postId: string, pinned: boolean) {
  const { post, access } = await postFor(c, postId);
  assertNotArchived(access);
  if (!canManageContent(access.actor, access.community, access.membership))
    throw forbidden("Only the owner and admins can pin posts.");
  await c.env.DB.prepare("update posts set pinned_at = ? where id = ?")
    .bind(pinned ? Date.now() : null, post.id)
    .run();
  c.executionCtx.waitUntil(
    publishToCommunity(c.env, post.community_id, { type: "post.updated", postId: post.id, data: { pinned } }),
  );
  return respond(c, pinned ? feed.pinPost : feed.unpinPost, { postId: post.id, pinned });
}

/** /api/posts/:postId… */
export const postsRoutes = new Hono<HonoEnv>()
  .get("/:postId", validate("param", postParams), async (c) => {
    const { post, access } = await postFor(c, c.req.valid("param").postId);
    const found = await findPost(c.env.DB, post.id, access.user.id);
    if (!found) throw notFound("Post not found.");
    return respond(c, feed.getPost, {
      post: withPermissions(found, access),
      community: { id: access.community.id, name: access.community.name },
    });
  })
  .patch("/:postId", validate("param", postParams), validate("json", editPostBody), async (c) => {
    const { post, access } = await postFor(c, c.req.valid("param").postId);
    assertNotArchived(access);
    if (!canEditContent(access.actor, access.community, access.membership, post.author_id))
      throw forbidden("Only the author can edit this post.");
    const body = c.req.valid("json");
    const d1 = c.env.DB;
    await assertTopic(d1, post.community_id, body.topicId);
    const already = mentionedUserIds(post.content);
    const mentioned = await mentionTargets(d1, post.community_id, access.user.id, body.content, already);
    const now = Date.now();
    const notifications = mentioned
      .map((recipientId) =>
        notificationInsert(d1, {
          recipientId,
          senderId: access.user.id,
          senderName: access.user.fullName,
          communityId: post.community_id,
          type: "MENTION",
          title: "mentioned you in a post",
          content: preview(body.headline ?? body.content),
          postId: post.id,
        }),
      )
      .filter((n) => n !== null);
    const topicChanged = (body.topicId ?? null) !== post.topic_id;
    await d1.batch([
      d1
        .prepare("update posts set headline = ?, content = ?, topic_id = ?, edited_at = ?, updated_at = ? where id = ?")
        .bind(body.headline, body.content, body.topicId ?? null, now, now, post.id),
      ...(topicChanged && post.topic_id
        ? [d1.prepare("update community_topics set posts_count = max(0, posts_count - 1) where id = ?").bind(post.topic_id)]
        : []),
      ...(topicChanged && body.topicId
        ? [d1.prepare("update community_topics set posts_count = posts_count + 1 where id = ?").bind(body.topicId)]
        : []),
      ...notifications.map((n) => n.statement),
    ]);
    const updated = (await findPost(d1, post.id, access.user.id))!;
    c.executionCtx.waitUntil(
      Promise.all([
        publishToCommunity(c.env, post.community_id, { type: "post.updated", postId: post.id }),
        pushNotifications(
          c.env,
          notifications.map((n) => n.id),
        ),
      ]),
    );
    return respond(c, feed.editPost, { post: withPermissions(updated, access) });
  })
  .delete("/:postId", validate("param", postParams), async (c) => {
    const { post, access } = await postFor(c, c.req.valid("param").postId);
    if (!canDeleteContent(access.actor, access.community, access.membership, post.author_id)) {
      if (access.community.archived) throw new AppError("READ_ONLY", "This community is archived and read-only.");
      throw forbidden("You can only delete your own posts.");
    }
    const d1 = c.env.DB;
    // Everything the post earned anyone is taken back: the post, its likes, its comments and their likes.
    const sources = {
      sql: `(pe.source_kind = 'post' and pe.source_id = ?)
         or (pe.source_kind = 'post_like' and substr(pe.source_id, 1, length(?) + 1) = ? || ':')
         or (pe.source_kind = 'comment' and pe.source_id in (select id from post_comments where post_id = ?))
         or (pe.source_kind = 'comment_like' and substr(pe.source_id, 1, instr(pe.source_id, ':') - 1) in (select id from post_comments where post_id = ?))`,
      params: [post.id, post.id, post.id, post.id, post.id],
    };
    await d1.batch([
      ...reversalStatements(d1, post.community_id, sources),
      d1.prepare("update communities set posts_count = max(0, posts_count - 1) where id = ?").bind(post.community_id),
      ...(post.topic_id
        ? [d1.prepare("update community_topics set posts_count = max(0, posts_count - 1) where id = ?").bind(post.topic_id)]
        : []),
      d1.prepare("delete from posts where id = ?").bind(post.id),
    ]);
    c.executionCtx.waitUntil(publishToCommunity(c.env, post.community_id, { type: "post.deleted", postId: post.id }));
    return respond(c, feed.deletePost, { ok: true });
  })
  .post("/:postId/like", validate("param", postParams), (c) => setLike(c, c.req.valid("param").postId, true))
  .delete("/:postId/like", validate("param", postParams), (c) => setLike(c, c.req.valid("param").postId, false))
  .post("/:postId/pin", validate("param", postParams), (c) => setPinned(c, c.req.valid("param").postId, true))
  .delete("/:postId/pin", validate("param", postParams), (c) => setPinned(c, c.req.valid("param").postId, false))
  .post("/:postId/report", validate("param", postParams), validate("json", reportBody), async (c) => {
    const { post, access } = await postFor(c, c.req.valid("param").postId);
    const filed = await fileReport(c, {
      reporterId: access.user.id,
      communityId: post.community_id,
      targetKind: "post",
      targetId: post.id,
      reason: c.req.valid("json").reason,
    });
    return respond(c, feed.reportPost, filed);
  });
