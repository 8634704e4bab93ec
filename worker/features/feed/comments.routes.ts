import { Hono, type Context } from "hono";
import { commentBody, commentParams, commentsQuery, feed, postParams, reportBody } from "../../../common/contract/feed";
import { REPLY_MAX } from "../../../common/contract/limits";
import { newId } from "../../../common/ids";
import type { HonoEnv } from "../../env";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { hit, rateLimitRules } from "../../lib/rate-limit";
import { canDeleteContent } from "../../lib/permissions";
import { respond } from "../../lib/respond";
import { publishToCommunity } from "../../lib/rooms";
import { validate } from "../../lib/validation";
import { notificationInsert, pushNotifications, type NewNotification } from "../notifications/notify";
import { awardStatements, reversalStatements } from "../points/points";
import { findComment, listComments, type FeedComment } from "./comments.queries";
import { likeNotificationGuard, likeStatements, unlikeStatements } from "./likes";
import { assertNotArchived, blockedBetween, commentFor, postFor, type MemberContext } from "./post-access";
import { mentionTargets } from "./posts.routes";
import { fileReport } from "./reports";

const withCommentPermissions = (comment: FeedComment, access: MemberContext) => ({
  ...comment,
  canDelete: canDeleteContent(access.actor, access.community, access.membership, comment.author?.id ?? null),
});

const preview = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}...` : text);

async function publishCounters(c: Context<HonoEnv>, postId: string, communityId: string) {
  const counts = await c.env.DB.prepare("select likes_count, comments_count from posts where id = ?")
    .bind(postId)
    .first<{ likes_count: number; comments_count: number }>();
  if (counts) {
    await publishToCommunity(c.env, communityId, {
      type: "post.counters",
      postId,
      likesCount: counts.likes_count,
      commentsCount: counts.comments_count,
    });
  }
}

/** /api/posts/:postId/comments */
export const postCommentsRoutes = new Hono<HonoEnv>()
  .get("/:postId/comments", validate("param", postParams), validate("query", commentsQuery), async (c) => {
    const { post, access } = await postFor(c, c.req.valid("param").postId);
    if (post.author_id && (await blockedBetween(c.env.DB, access.user.id, post.author_id))) throw notFound("Post not found.");
    const page = await listComments(c.env.DB, access.user.id, { postId: post.id }, c.req.valid("query"));
    return respond(c, feed.listComments, { ...page, items: page.items.map((cm) => withCommentPermissions(cm, access)) });
  })
  .post("/:postId/comments", validate("param", postParams), validate("json", commentBody), async (c) => {
    const { post, access } = await postFor(c, c.req.valid("param").postId);
    assertNotArchived(access);
    const d1 = c.env.DB;
    const user = access.user;
    if (post.author_id && (await blockedBetween(d1, user.id, post.author_id))) throw notFound("Post not found.");
    const body = c.req.valid("json");
    await hit(d1, rateLimitRules.posting, user.id);
    let parent: { id: string; author_id: string | null } | null = null;
    if (body.parentCommentId) {
      parent = await d1
        .prepare("select id, author_id from post_comments where id = ? and post_id = ? and parent_comment_id is null")
        .bind(body.parentCommentId, post.id)
        .first<{ id: string; author_id: string | null }>();
      if (!parent)
        throw new AppError("VALIDATION_FAILED", "Some fields are not valid.", {
          issues: [{ path: "parentCommentId", message: "Unknown comment" }],
        });
      if (body.content.length > REPLY_MAX) {
        throw new AppError("VALIDATION_FAILED", "Some fields are not valid.", {
          issues: [{ path: "content", message: `Reply must be at most ${REPLY_MAX} characters` }],
        });
      }
    }
    const id = newId();
    const now = Date.now();
    const base = {
      senderId: user.id,
      senderName: user.fullName,
      communityId: post.community_id,
      postId: post.id,
      commentId: id,
      content: preview(body.content),
    };
    const wanted: NewNotification[] = [];
    if (parent?.author_id)
      wanted.push({ ...base, recipientId: parent.author_id, type: "COMMENT_REPLY", title: "replied to your comment" });
    else if (!parent && post.author_id)
      wanted.push({ ...base, recipientId: post.author_id, type: "POST_COMMENT", title: "commented on your post" });
    const already = wanted.map((n) => n.recipientId);
    for (const recipientId of await mentionTargets(d1, post.community_id, user.id, body.content, already)) {
      wanted.push({ ...base, recipientId, type: "MENTION", title: "mentioned you in a comment" });
    }
    const notifications = wanted.map((n) => notificationInsert(d1, n)).filter((n) => n !== null);
    await d1.batch([
      d1
        .prepare(
          "insert into post_comments (id, post_id, author_id, parent_comment_id, content, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(id, post.id, user.id, parent?.id ?? null, body.content, now, now),
      d1
        .prepare("update posts set comments_count = (select count(*) from post_comments where post_id = ?1) where id = ?1")
        .bind(post.id),
      ...(parent
        ? [
            d1
              .prepare(
                "update post_comments set replies_count = (select count(*) from post_comments where parent_comment_id = ?1) where id = ?1",
              )
              .bind(parent.id),
          ]
        : []),
      ...awardStatements(d1, {
        userId: user.id,
        communityId: post.community_id,
        reason: "comment_created",
        sourceKind: "comment",
        sourceId: id,
      }),
      ...notifications.map((n) => n.statement),
    ]);
    const comment = (await findComment(d1, user.id, id))!;
    c.executionCtx.waitUntil(
      Promise.all([
        publishToCommunity(c.env, post.community_id, {
          type: "comment.created",
          postId: post.id,
          commentId: id,
          parentId: parent?.id ?? null,
        }),
        publishCounters(c, post.id, post.community_id),
        pushNotifications(
          c.env,
          notifications.map((n) => n.id),
        ),
      ]),
    );
    return respond(c, feed.createComment, { comment: withCommentPermissions(comment, access) });
  });

async function setCommentLike(c: Context<HonoEnv>, commentId: string, liked: boolean) {
  const { comment, access } = await commentFor(c, commentId);
  assertNotArchived(access);
  const d1 = c.env.DB;
  if (comment.author_id && (await blockedBetween(d1, access.user.id, comment.author_id))) throw notFound("Comment not found.");
  const target = { kind: "comment" as const, id: comment.id, authorId: comment.author_id, communityId: comment.community_id };
  const like = liked ? likeStatements(d1, target, access.user.id, Date.now()) : null;
  const notification =
    like && comment.author_id
      ? notificationInsert(d1, {
          recipientId: comment.author_id,
          senderId: access.user.id,
          senderName: access.user.fullName,
          communityId: comment.community_id,
          type: "COMMENT_LIKE",
          title: "liked your comment",
          postId: comment.post_id,
          commentId: comment.id,
          onlyIf: likeNotificationGuard(like.awardSource),
        })
      : null;
  const results = await d1.batch<{ likes_count: number }>([
    ...(like ? like.statements : unlikeStatements(d1, target, access.user.id)),
    ...(notification ? [notification.statement] : []),
  ]);
  const likesCount = results.find((r) => r.results[0] && "likes_count" in r.results[0])?.results[0]?.likes_count ?? 0;
  if (notification) c.executionCtx.waitUntil(pushNotifications(c.env, [notification.id]));
  return respond(c, liked ? feed.likeComment : feed.unlikeComment, { commentId: comment.id, liked, likesCount });
}

/** /api/comments/:commentId… */
export const commentsRoutes = new Hono<HonoEnv>()
  .get("/:commentId/replies", validate("param", commentParams), validate("query", commentsQuery), async (c) => {
    const { comment, access } = await commentFor(c, c.req.valid("param").commentId);
    const page = await listComments(c.env.DB, access.user.id, { parentId: comment.id }, c.req.valid("query"));
    return respond(c, feed.listReplies, { ...page, items: page.items.map((cm) => withCommentPermissions(cm, access)) });
  })
  .delete("/:commentId", validate("param", commentParams), async (c) => {
    const { comment, access } = await commentFor(c, c.req.valid("param").commentId);
    if (!canDeleteContent(access.actor, access.community, access.membership, comment.author_id)) {
      if (access.community.archived) throw new AppError("READ_ONLY", "This community is archived and read-only.");
      throw forbidden("You can only delete your own comments.");
    }
    const d1 = c.env.DB;
    // The comment and its replies, and every like on them, stop counting.
    const ids = "(select id from post_comments where id = ? or parent_comment_id = ?)";
    await d1.batch([
      ...reversalStatements(d1, comment.community_id, {
        sql: `(pe.source_kind = 'comment' and pe.source_id in ${ids})
           or (pe.source_kind = 'comment_like' and substr(pe.source_id, 1, instr(pe.source_id, ':') - 1) in ${ids})`,
        params: [comment.id, comment.id, comment.id, comment.id],
      }),
      d1.prepare("delete from post_comments where id = ?").bind(comment.id),
      d1
        .prepare("update posts set comments_count = (select count(*) from post_comments where post_id = ?1) where id = ?1")
        .bind(comment.post_id),
      ...(comment.parent_comment_id
        ? [
            d1
              .prepare(
                "update post_comments set replies_count = (select count(*) from post_comments where parent_comment_id = ?1) where id = ?1",
              )
              .bind(comment.parent_comment_id),
          ]
        : []),
    ]);
    c.executionCtx.waitUntil(
      Promise.all([
        publishToCommunity(c.env, comment.community_id, {
          type: "comment.deleted",
          postId: comment.post_id,
          commentId: comment.id,
        }),
        publishCounters(c, comment.post_id, comment.community_id),
      ]),
    );
    return respond(c, feed.deleteComment, { ok: true });
  })
  .post("/:commentId/like", validate("param", commentParams), (c) => setCommentLike(c, c.req.valid("param").commentId, true))
  .delete("/:commentId/like", validate("param", commentParams), (c) => setCommentLike(c, c.req.valid("param").commentId, false))
  .post("/:commentId/report", validate("param", commentParams), validate("json", reportBody), async (c) => {
    const { comment, access } = await commentFor(c, c.req.valid("param").commentId);
    const filed = await fileReport(c, {
      reporterId: access.user.id,
      communityId: comment.community_id,
      targetKind: "comment",
      targetId: comment.id,
      reason: c.req.valid("json").reason,
    });
    return respond(c, feed.reportComment, filed);
  });
