import { and, eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import { conversations } from "../../../common/contract/conversations";
import type { ChatMessage } from "../../../common/contract/conversations";
import type { HonoEnv } from "../../env";
import { batch } from "../../lib/db";
import { conversationParticipants as cp, messages, notifications as n } from "../../lib/tables";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { assertUnderLimit, hitStatement, rateLimited, rateLimitRules, type RateLimitRule } from "../../lib/rate-limit";
import { respond } from "../../lib/respond";
import { assertOwnUpload, ownUpload } from "../../lib/own-upload";
import { route } from "../../lib/route";
import {
  changeInConversation,
  conversationSettled,
  sendInConversation,
  type MessageChange,
  type SendRefusal,
} from "../../lib/rooms";
import { commit, type Read } from "../../lib/commit";
import { sessionToken, sessionUserId } from "../../lib/session";
import { fileReport } from "../../lib/reports";
import { unreadCount } from "../../lib/notification-rows";
import { unreadTotal } from "./conversations.queries";
import { asParticipant, assertCanWrite, assertNotArchived, conversationFor, messageFor } from "./conversation.access";
import { currentVersion, hiddenFrom } from "../../lib/message-writes";
import { changesAfter, historyPage, toChatMessage } from "../../lib/message-rows";

/** The room's refusal of a send, as the API answers it. */
function refused(refusal: SendRefusal): AppError {
  switch (refusal.code) {
    case "RATE_LIMITED":
      return rateLimited(Math.max(1, Math.ceil((refusal.retryAfterMs ?? 1000) / 1000)));
    case "CONFLICT":
      return new AppError("CONFLICT", refusal.message, { issues: [{ path: "id", message: "Already used" }] });
    case "VALIDATION_FAILED":
      return new AppError("VALIDATION_FAILED", "Some fields are not valid.", {
        issues: [{ path: "replyToId", message: refusal.message }],
      });
    case "READ_ONLY":
      return new AppError("READ_ONLY", refusal.message);
  }
}

/** /api/conversations/:conversationId/messages and /read */
export const conversationMessagesRoutes = [
  route(conversations.messages, async (c) => {
    // One round trip: the access row and the page.
    const db = c.var.db;
    const token = await sessionToken(c);
    const { conversationId } = c.req.valid("param");
    const query = c.req.valid("query");
    const viewer = sessionUserId(token);
    const target = conversationFor(db, token, conversationId);
    const catchUp = query.after !== undefined;
    const page = catchUp
      ? changesAfter(db, conversationId, viewer, { after: query.after!, limit: query.limit })
      : historyPage(db, conversationId, viewer, { before: query.before, limit: query.limit });
    const [row, first] = await db.batch([target.query, page]);
    const context = asParticipant(target.read(c, row));
    // The room's version once D1 has every change it made: a page read at an older version is read again
    // (rare: the room writes to D1 as soon as it has stored a change).
    const settled = await conversationSettled(c.env, c.var.queryStats, conversationId);
    const behind = settled > context.conversation.version;
    const rows = behind ? await page : first;
    const hasMore = rows.length > query.limit;
    const items = rows.slice(0, query.limit);
    if (!catchUp) items.reverse();
    const version = catchUp && hasMore ? items.at(-1)!.version : behind ? settled : context.conversation.version;
    return respond(c, conversations.messages, { items: items.map(toChatMessage), hasMore, version });
  }),
  route(conversations.send, async (c) => {
    // One round trip: access, the image's owner and who is hidden from the sender; then the conversation's
    // room checks the id, the rate and the reply, numbers, stores and fans the message out, and writes it to
    // D1 before this answer (party/conversation-room.ts). A text message sent through the room's socket
    // takes the same path without this request, and without waiting for D1.
    const db = c.var.db;
    const token = await sessionToken(c);
    const { conversationId } = c.req.valid("param");
    const body = c.req.valid("json");
    const me = sessionUserId(token);
    const target = conversationFor(db, token, conversationId);
    const hidden = hiddenFrom(db, conversationId, me);
    const image = ownUpload(db, token, "chat_attachment", body.fileUrl);
    const checks = await batch(db, [target.query, hidden, ...(image ? [image] : [])]);
    const context = asParticipant(target.read(c, checks(target.query)));
    assertCanWrite(context);
    // Only one's own upload: another person's image (or a key that names none) is not attached.
    if (image) assertOwnUpload(checks(image) ?? { n: 0 }, "fileUrl");
    const { id, fullName, avatarUrl } = context.user;
    const result = await sendInConversation(
      c.env,
      c.var.queryStats,
      conversationId,
      {
        id: body.id,
        content: body.content,
        messageType: body.messageType,
        fileUrl: body.fileUrl ?? null,
        replyToId: body.replyToId ?? null,
      },
      { id, fullName, avatarUrl },
      checks(hidden).map((r) => r.userId),
    );
    if (!result.ok) throw refused(result);
    return respond(c, conversations.send, { message: result.message });
  }),
  route(conversations.markRead, async (c) => {
    // Two round trips: access; then the read mark, the conversation's MESSAGE notification read, and
    // both badges' totals (the messages' counted from the new mark).
    const db = c.var.db;
    const token = await sessionToken(c);
    const { conversationId } = c.req.valid("param");
    const target = conversationFor(db, token, conversationId);
    const context = asParticipant(target.read(c, await target.query));
    // The mark may name a message the room has shown and D1 not stored yet: D1 catches up first.
    await conversationSettled(c.env, c.var.queryStats, conversationId);
    const me = context.user.id;
    const now = Date.now();
    // Never backwards, never past what exists.
    const seq = sql<number>`max(${cp.lastReadSeq}, min(${c.req.valid("json").seq}, ${currentVersion(conversationId)}))`;
    const mark = db
      .update(cp)
      .set({ lastReadSeq: seq, lastReadAt: now })
      .where(and(eq(cp.conversationId, conversationId), eq(cp.userId, me)))
      .returning({ lastReadSeq: cp.lastReadSeq });
    const notes = db
      .update(n)
      .set({ isRead: true })
      .where(and(eq(n.recipientId, me), eq(n.type, "MESSAGE"), eq(n.conversationId, conversationId), eq(n.isRead, false)));
    const messagesUnread = unreadTotal(db, me);
    const notificationsUnread = unreadCount(db, me);
    const readSeqOf = (read: Read) => read(mark)[0]?.lastReadSeq ?? context.participant.lastReadSeq;
    const totalOf = (read: Read) => Number(read(messagesUnread)[0]?.total ?? 0);
    const read = await commit(c, {
      steps: [mark, notes, messagesUnread, notificationsUnread],
      frames: (read) => [
        readSeqOf(read) > context.participant.lastReadSeq && {
          room: "conversation",
          id: conversationId,
          event: { type: "read.receipt", conversationId, userId: me, seq: readSeqOf(read), readAt: now },
        },
        { room: "user", id: me, event: { type: "message.unread", count: totalOf(read) } },
        { room: "user", id: me, event: { type: "notification.unread", count: read(notificationsUnread)[0]?.value ?? 0 } },
      ],
    });
    const total = totalOf(read);
    return respond(c, conversations.markRead, { unreadCount: total });
  }),
];

type MessageContext = ReturnType<ReturnType<typeof messageFor>["read"]>;

/**
 * An edit, delete or reaction: one round trip reads access to the message, who it is hidden from and the
 * rate limit; `check` refuses what may not be done. Then the conversation's room numbers and stores the
 * change and sends the message as it shows it, from its own storage, to everyone who sees it; it writes
 * the change to D1 right after (no round trip of this request's).
 */
async function changeMessage(
  c: Context<HonoEnv>,
  messageId: string,
  opts: {
    limit?: RateLimitRule;
    check: (context: MessageContext) => void;
    change: (user: MessageContext["user"]) => MessageChange;
  },
): Promise<ChatMessage> {
  const db = c.var.db;
  const token = await sessionToken(c);
  const me = sessionUserId(token);
  const target = messageFor(db, token, messageId);
  const hidden = hiddenFrom(
    db,
    sql`(select ${messages.conversationId} from ${messages} where ${messages.id} = ${messageId})`,
    me,
  );
  const limit = opts.limit ? hitStatement(db, opts.limit, me) : null;
  const checks = await batch(db, [target.query, hidden, ...(limit ? [limit] : [])]);
  const context = target.read(c, checks(target.query));
  opts.check(context);
  if (opts.limit && limit) assertUnderLimit(opts.limit, checks(limit));
  const result = await changeInConversation(
    c.env,
    c.var.queryStats,
    context.conversation.id,
    messageId,
    opts.change(context.user),
    checks(hidden).map((r) => r.userId),
  );
  if (!result.ok) throw result.code === "NOT_FOUND" ? notFound(result.message) : deletedMessage();
  return result.message;
}

const deletedMessage = () => new AppError("CONFLICT", "This message was deleted.");

/** /api/messages/:messageId… */
export const messagesRoutes = [
  route(conversations.editMessage, async (c) => {
    const { messageId } = c.req.valid("param");
    const { content } = c.req.valid("json");
    const message = await changeMessage(c, messageId, {
      limit: rateLimitRules.messageEdits,
      check: (context) => {
        if (context.message.senderId !== context.user.id) throw forbidden("You can only edit your own messages.");
        if (context.message.isDeleted) throw deletedMessage();
        assertCanWrite(context);
      },
      change: () => ({ kind: "edit", content }),
    });
    return respond(c, conversations.editMessage, { message });
  }),
  route(conversations.deleteMessage, async (c) => {
    // The row stays (its place in the history, replies that quote it) with nothing of what it said.
    const { messageId } = c.req.valid("param");
    const message = await changeMessage(c, messageId, {
      check: (context) => {
        if (context.message.senderId !== context.user.id) throw forbidden("You can only delete your own messages.");
        assertNotArchived(context);
      },
      change: () => ({ kind: "delete" }),
    });
    return respond(c, conversations.deleteMessage, { message });
  }),
  route(conversations.react, async (c) => {
    // The reaction is set to the state asked for, so a retry lands in the same state.
    const { messageId } = c.req.valid("param");
    const { emoji, active } = c.req.valid("json");
    const message = await changeMessage(c, messageId, {
      limit: rateLimitRules.likes,
      check: (context) => {
        if (context.message.isDeleted) throw deletedMessage();
        assertCanWrite(context);
      },
      // The room shows the reactor's name as given here (it keeps the reactions; no D1 read behind it).
      change: (user) => ({ kind: "react", userId: user.id, fullName: user.fullName, emoji, active }),
    });
    return respond(c, conversations.react, { message });
  }),
  route(conversations.reportMessage, async (c) => {
    const token = await sessionToken(c);
    const { messageId } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    await fileReport(c, {
      endpoint: conversations.reportMessage,
      key: undefined,
      token,
      target: messageFor(c.var.db, token, messageId),
      request: { messageId, reason },
      report: (found) => {
        if (found.message.senderId === found.user.id) {
          throw new AppError("BAD_REQUEST", "You can't report your own message.");
        }
        if (found.message.isDeleted) throw new AppError("CONFLICT", "This message was deleted.");
        return {
          reporterId: found.user.id,
          communityId: found.conversation.communityId,
          targetKind: "message",
          targetId: messageId,
          targetAuthorId: found.message.senderId,
          reason,
        };
      },
    });
    return respond(c, conversations.reportMessage, { ok: true });
  }),
];
