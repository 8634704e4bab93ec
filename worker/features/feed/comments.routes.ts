import { and, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { newId } from "../../../common/ids";
import { feed } from "../../../common/contract/feed";
import { REPLY_MAX } from "../../../common/contract/limits";
import { assertWritable, commentFor, load, postFor, type MemberContext } from "../../lib/access";
import { award, commit, commitOnce, notify, reverse } from "../../lib/commit";
import { batch, type Db } from "../../lib/db";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { idempotency } from "../../lib/idempotency";
import { canDeleteContent } from "../../lib/permissions";
import { assertUnderLimit, hitStatement, rateLimitRules } from "../../lib/rate-limit";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { sessionToken, sessionUserId } from "../../lib/session";
import { reversedEvent as pe } from "../../lib/points";
import { bare, tableAs } from "../../lib/sql-names";
import { postComments, posts } from "../../lib/tables";
import { preview, type NewNotification } from "../../lib/notify";
import { commentsPage, findComment, listComments, toComment } from "./comments.queries";
import { setLike } from "./likes";
import { mentionedMembers, mentionTargets } from "./mentions";
import { countersFrame, recountPost } from "./post-counters";
import { withCommentPermissions } from "./post-permissions";
import { fileReport } from "../../lib/reports";

/** A post's counters with its comments recounted; the row is what the room's counter event carries. */
const recountComments = (db: Db, postId: string) =>
  recountPost(
    db,
    postId,
    posts.commentsCount,
    sql`(select count(*) from ${postComments} where ${postComments.postId} = ${postId})`,
  );

const reply = alias(postComments, "reply");

/** A template, not the builder: drizzle's builder update also moves `updated_at`, which a recount must leave alone. */
const recountReplies = (db: Db, parentId: string) =>
  db.run(
    sql`update ${postComments} set ${bare(postComments.repliesCount)} = (select count(*) from ${tableAs(reply)} where ${reply.parentCommentId} = ${parentId})
        where ${postComments.id} = ${parentId}`,
  );

/** A comment as its author sees it now (a retried create answers with it). */
async function createdComment(db: Db, commentId: string, access: MemberContext) {
  const row = await findComment(db, { id: access.user.id }, commentId);
  if (!row) throw notFound("Comment not found.");
  return withCommentPermissions(toComment(row), access);
}

/** A post's comments (/api/posts/:postId/comments) and a comment's replies, deletion, likes and reports (/api/comments/:commentId…). */
export const commentsRoutes = [
  route(feed.listComments, async (c) => {
    // The access row and the page in one round trip.
    const db = c.var.db;
    const token = await sessionToken(c);
    const postId = c.req.valid("param").postId;
    const query = c.req.valid("query");
    const target = postFor(db, token, postId);
    const [row, rows] = await db.batch([target.query, listComments(db, { token }, { postId }, query)]);
    const { access } = target.read(c, row);
    const page = commentsPage(rows, query);
    return respond(c, feed.listComments, { ...page, items: page.items.map((cm) => withCommentPermissions(cm, access)) });
  }),
  route(feed.createComment, async (c) => {
    // Two round trips: the access row, the Idempotency-Key's claim, rate limit, parent comment and
    // mentioned members in one batch, then the comment with its counters, points and notifications,
    // and the comment as shown.
    const db = c.var.db;
    const token = await sessionToken(c);
    const body = c.req.valid("json");
    const postId = c.req.valid("param").postId;
    const author = sessionUserId(token);
    const target = postFor(db, token, postId);
    const once = await idempotency(db, {
      key: c.req.valid("header")["idempotency-key"],
      scope: feed.createComment.route,
      request: { postId, body },
      owner: author,
    });
    const limit = hitStatement(db, rateLimitRules.posting, once.ifNew(author));
    const parentOf = body.parentCommentId
      ? db
          .select({ id: postComments.id, authorId: postComments.authorId })
          .from(postComments)
          .where(
            and(eq(postComments.id, body.parentCommentId), eq(postComments.postId, postId), isNull(postComments.parentCommentId)),
          )
      : null;
    const mentions = mentionTargets(
      db,
      sql`(select ${posts.communityId} from ${posts} where ${posts.id} = ${postId})`,
      author,
      body.content,
    );
    const checks = await batch(db, [target.query, ...once.lookup, limit, ...[parentOf, mentions].filter((q) => q !== null)]);

    const { post, access } = target.read(c, checks(target.query));
    const earlier = once.earlier(checks);
    if (earlier) return respond(c, feed.createComment, { comment: await createdComment(db, earlier, access) });
    assertWritable(access.community);
    const user = access.user;
    assertUnderLimit(rateLimitRules.posting, checks(limit));
    const parent = parentOf ? (checks(parentOf)[0] ?? null) : null;
    if (parentOf && !parent)
      throw new AppError("VALIDATION_FAILED", "Some fields are not valid.", {
        issues: [{ path: "parentCommentId", message: "Unknown comment" }],
      });
    if (parent && body.content.length > REPLY_MAX) {
      throw new AppError("VALIDATION_FAILED", "Some fields are not valid.", {
        issues: [{ path: "content", message: `Reply must be at most ${REPLY_MAX} characters` }],
      });
    }
    const id = newId();
    const now = Date.now();
    const base = {
      senderId: user.id,
      communityId: post.communityId,
      postId: post.id,
      commentId: id,
      content: preview(body.content),
    };
    const wanted: NewNotification[] = [];
    if (parent?.authorId) wanted.push({ ...base, recipientId: parent.authorId, type: "COMMENT_REPLY" });
    else if (!parent && post.authorId) wanted.push({ ...base, recipientId: post.authorId, type: "POST_COMMENT" });
    const already = wanted.map((n) => n.recipientId);
    for (const recipientId of mentionedMembers(mentions && checks(mentions), already)) {
      wanted.push({ ...base, recipientId, type: "MENTION" });
    }
    const counts = recountComments(db, post.id);
    const created = findComment(db, { id: user.id }, id);
    const written = await commitOnce(
      c,
      once,
      { userId: user.id, resourceId: id },
      {
        steps: [
          db.insert(postComments).values({
            id,
            postId: post.id,
            authorId: user.id,
            parentCommentId: parent?.id ?? null,
            content: body.content,
            createdAt: now,
            updatedAt: now,
          }),
          counts,
          parent ? recountReplies(db, parent.id) : null,
          award({
            userId: user.id,
            communityId: post.communityId,
            reason: "comment_created",
            sourceKind: "comment",
            sourceId: id,
          }),
          ...wanted.map(notify),
          created,
        ],
        frames: (read) => [
          {
            room: "community",
            id: post.communityId,
            event: { type: "comment.created", postId: post.id, commentId: id, parentId: parent?.id ?? null },
          },
          countersFrame(post.id, post.communityId, read(counts)[0]),
        ],
      },
    );
    if ("earlier" in written)
      return respond(c, feed.createComment, { comment: await createdComment(db, written.earlier, access) });
    const read = written.read;
    const comment = toComment(read(created)!);
    return respond(c, feed.createComment, { comment: withCommentPermissions(comment, access) });
  }),
  route(feed.listReplies, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const commentId = c.req.valid("param").commentId;
    const query = c.req.valid("query");
    const target = commentFor(db, token, commentId);
    const [row, rows] = await db.batch([target.query, listComments(db, { token }, { parentId: commentId }, query)]);
    const { access } = target.read(c, row);
    const page = commentsPage(rows, query);
    return respond(c, feed.listReplies, { ...page, items: page.items.map((cm) => withCommentPermissions(cm, access)) });
  }),
  route(feed.deleteComment, async (c) => {
    const db = c.var.db;
    const { comment, access } = await load(c, commentFor(db, await sessionToken(c), c.req.valid("param").commentId));
    assertWritable(access.community);
    if (!canDeleteContent(access.actor, access.community, access.membership, comment.authorId))
      throw forbidden("You can only delete your own comments.");
    // The comment and its replies, and every like on them, stop counting.
    const ids = sql`(select ${postComments.id} from ${postComments}
      where ${postComments.id} = ${comment.id} or ${postComments.parentCommentId} = ${comment.id})`;
    const counts = recountComments(db, comment.postId);
    await commit(c, {
      steps: [
        reverse(
          comment.communityId,
          sql`(${pe.sourceKind} = 'comment' and ${pe.sourceId} in ${ids})
          or (${pe.sourceKind} = 'comment_like' and substr(${pe.sourceId}, 1, instr(${pe.sourceId}, ':') - 1) in ${ids})`,
        ),
        db.delete(postComments).where(eq(postComments.id, comment.id)),
        counts,
        comment.parentCommentId ? recountReplies(db, comment.parentCommentId) : null,
      ],
      frames: (read) => [
        {
          room: "community",
          id: comment.communityId,
          event: { type: "comment.deleted", postId: comment.postId, commentId: comment.id },
        },
        countersFrame(comment.postId, comment.communityId, read(counts)[0]),
      ],
    });
    return respond(c, feed.deleteComment, { ok: true });
  }),
  route(feed.likeComment, async (c) => {
    const commentId = c.req.valid("param").commentId;
    const { liked, likesCount } = await setLike(c, "comment", commentId, true);
    return respond(c, feed.likeComment, { commentId, liked, likesCount });
  }),
  route(feed.unlikeComment, async (c) => {
    const commentId = c.req.valid("param").commentId;
    const { liked, likesCount } = await setLike(c, "comment", commentId, false);
    return respond(c, feed.unlikeComment, { commentId, liked, likesCount });
  }),
  route(feed.reportComment, async (c) => {
    const token = await sessionToken(c);
    const commentId = c.req.valid("param").commentId;
    const { reason } = c.req.valid("json");
    const filed = await fileReport(c, {
      endpoint: feed.reportComment,
      key: c.req.valid("header")["idempotency-key"],
      token,
      target: commentFor(c.var.db, token, commentId),
      request: { commentId, reason },
      report: ({ comment, access }) => ({
        reporterId: access.user.id,
        communityId: comment.communityId,
        targetKind: "comment",
        targetId: comment.id,
        targetAuthorId: comment.authorId,
        reason,
      }),
    });
    return respond(c, feed.reportComment, filed);
  }),
];
