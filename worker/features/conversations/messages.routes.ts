import { and, eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import { conversations } from "../../../common/contract/conversations";
import type { ChatMessage } from "../../../common/contract/conversations";
import type { HonoEnv } from "../../env";
import { batch, isUniqueViolation, type Db, type Statement } from "../../lib/db";
import { bare, bareList } from "../../lib/sql-names";
import {
  conversationParticipants as cp,
  conversations as cv,
  messageReactions,
  messages,
  notifications as n,
} from "../../lib/tables";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { assertUnderLimit, hitStatement, rateLimitRules, type RateLimitRule } from "../../lib/rate-limit";
import { respond } from "../../lib/respond";
import { assertOwnUpload, ownUpload } from "../../lib/own-upload";
import { route } from "../../lib/route";
import { getConversationPresence, type Frame } from "../../lib/rooms";
import { commit, type Read } from "../../lib/commit";
import { sessionToken, sessionUserId } from "../../lib/session";
import { fileReport } from "../../lib/reports";
import { unreadCount } from "../../lib/notification-rows";
import { unreadTotal } from "./conversations.queries";
import { asParticipant, assertCanWrite, assertNotArchived, conversationFor, messageFor } from "./conversation.access";
import {
  currentVersion,
  hiddenFrom,
  messageNotifications,
  nextVersion,
  touchMessage,
  type MessageChange,
} from "./message-writes";
import { changesAfter, historyPage, messageById, messagePreview, toChatMessage, type MessageRow } from "./messages.queries";

/** Who stored a message id and where: a send of an id already taken is a retry or a conflict. */
const storedMessage = (db: Db, messageId: string) =>
  db
    .select({ conversationId: messages.conversationId, senderId: messages.senderId })
    .from(messages)
    .where(eq(messages.id, messageId));
type StoredMessage = Awaited<ReturnType<typeof storedMessage>>[number];

/** What a send writes of a message, in the order its insert selects them. */
const sentColumns = bareList(
  messages.id,
  messages.conversationId,
  messages.senderId,
  messages.content,
  messages.messageType,
  messages.fileUrl,
  messages.replyToId,
  messages.seq,
  messages.version,
  messages.isEdited,
  messages.isDeleted,
  messages.createdAt,
  messages.updatedAt,
);

const shown = (rows: MessageRow[] | undefined): ChatMessage => {
  const row = rows?.[0];
  if (!row) throw notFound("Message not found.");
  return toChatMessage(row);
};

/** After the commit: the message as everyone sees it, to every participant online but those it is hidden from. */
/** A message as its conversation room sends it, to everyone but those on the other side of a block. */
const messageFrame = (type: "message.created" | "message.updated", message: ChatMessage, hiddenFrom: string[]): Frame => ({
  room: "conversation",
  id: message.conversationId,
  event: { type, conversationId: message.conversationId, message },
  hiddenFrom,
});

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
    const [row, rows] = await db.batch([target.query, page]);
    const context = asParticipant(target.read(c, row));
    const hasMore = rows.length > query.limit;
    const items = rows.slice(0, query.limit);
    if (!catchUp) items.reverse();
    const version = catchUp && hasMore ? items.at(-1)!.version : context.conversation.version;
    return respond(c, conversations.messages, { items: items.map(toChatMessage), hasMore, version });
  }),
  route(conversations.send, async (c) => {
    // Two round trips: access, an earlier send of this id, rate limit, reply target and who is hidden from
    // the sender (with the room's presence asked meanwhile); then the message, the conversation's last
    // message, the sender's read mark, notifications and the message as shown. Nothing is written per
    // participant: unread counts are counted from read marks when read (`unreadMessages`).
    const db = c.var.db;
    const token = await sessionToken(c);
    const { conversationId } = c.req.valid("param");
    const body = c.req.valid("json");
    const me = sessionUserId(token);
    const target = conversationFor(db, token, conversationId);
    const existing = storedMessage(db, body.id);
    // A retry of a message already stored costs no budget.
    const limit = hitStatement(
      db,
      rateLimitRules.messaging,
      sql`(select ${me} where not exists (select 1 from ${messages} where ${messages.id} = ${body.id}))`,
    );
    const hidden = hiddenFrom(db, conversationId, me);
    const reply = body.replyToId
      ? db
          .select({ id: messages.id })
          .from(messages)
          .where(and(eq(messages.id, body.replyToId), eq(messages.conversationId, conversationId), eq(messages.isDeleted, false)))
      : null;
    const image = ownUpload(db, token, "chat_attachment", body.fileUrl);
    const [checks, present] = await Promise.all([
      batch(db, [target.query, existing, limit, hidden, ...(reply ? [reply] : []), ...(image ? [image] : [])]),
      getConversationPresence(c.env, conversationId),
    ]);
    const context = asParticipant(target.read(c, checks(target.query)));
    const user = context.user;
    const earlier = checks(existing)[0];
    if (earlier) return answerRetry(c, db, body.id, earlier, conversationId, user.id);
    assertCanWrite(context);
    assertUnderLimit(rateLimitRules.messaging, checks(limit));
    if (reply && !checks(reply)[0]) {
      throw new AppError("VALIDATION_FAILED", "Some fields are not valid.", {
        issues: [{ path: "replyToId", message: "The message you reply to is not in this conversation" }],
      });
    }
    // Only one's own upload: another person's image (or a key that names none) is not attached.
    if (image) assertOwnUpload(checks(image) ?? { n: 0 }, "fileUrl");
    const hiddenIds = checks(hidden).map((r) => r.userId);
    const now = Date.now();
    const preview = messagePreview(body.content);
    const notes = messageNotifications(db, {
      conversationId,
      communityId: context.conversation.communityId,
      senderId: user.id,
      preview,
      skip: [...new Set([...present, ...hiddenIds])],
      now,
    });
    const created = messageById(db, body.id);
    let message: ChatMessage;
    try {
      const read = await commit(c, {
        steps: [
          nextVersion(
            db,
            conversationId,
            sql`${bare(cv.lastMessageId)} = ${body.id}, ${bare(cv.lastMessagePreview)} = ${preview},
            ${bare(cv.lastMessageSenderId)} = ${user.id}, ${bare(cv.lastMessageAt)} = ${now}, ${bare(cv.updatedAt)} = ${now}`,
          ),
          db.run(
            sql`insert into ${messages} (${sentColumns})
            select ${body.id}, ${conversationId}, ${user.id}, ${body.content}, ${body.messageType}, ${body.fileUrl ?? null},
              ${body.replyToId ?? null}, ${cv.version}, ${cv.version}, 0, 0, ${now}, ${now}
            from ${cv} where ${cv.id} = ${conversationId}`,
          ),
          // Writing in a conversation reads it.
          db
            .update(cp)
            .set({ lastReadSeq: currentVersion(conversationId), lastReadAt: now })
            .where(and(eq(cp.conversationId, conversationId), eq(cp.userId, user.id))),
          notes,
          created,
        ],
        frames: (read) => [
          messageFrame("message.created", shown(read(created)), hiddenIds),
          ...[user.id, ...read(notes.readBack).map((r) => r.recipientId)].map((id): Frame => ({
            room: "user",
            id,
            event: { type: "conversation.bumped", conversationId, lastMessageAt: now },
          })),
        ],
      });
      message = shown(read(created));
    } catch (error) {
      // The same message sent twice at once: the first stored it, this one answers with it.
      if (!isUniqueViolation(error)) throw error;
      const [row] = await storedMessage(db, body.id);
      if (!row) throw error;
      return answerRetry(c, db, body.id, row, conversationId, user.id);
    }
    return respond(c, conversations.send, { message });
  }),
  route(conversations.markRead, async (c) => {
    // Two round trips: access; then the read mark, the conversation's MESSAGE notification read, and
    // both badges' totals (the messages' counted from the new mark).
    const db = c.var.db;
    const token = await sessionToken(c);
    const { conversationId } = c.req.valid("param");
    const target = conversationFor(db, token, conversationId);
    const context = asParticipant(target.read(c, await target.query));
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

/** A send whose id is already stored: the same sender's retry gets the message; anyone else a conflict. */
async function answerRetry(
  c: Context<HonoEnv>,
  db: Db,
  messageId: string,
  earlier: StoredMessage,
  conversationId: string,
  userId: string,
) {
  if (earlier.conversationId !== conversationId || earlier.senderId !== userId) {
    throw new AppError("CONFLICT", "This message id is already taken. Send the message with a new id.", {
      issues: [{ path: "id", message: "Already used" }],
    });
  }
  return respond(c, conversations.send, { message: shown(await messageById(db, messageId)) });
}

type MessageContext = ReturnType<ReturnType<typeof messageFor>["read"]>;

/**
 * An edit, delete or reaction: two round trips. The first reads access to the message, who it is hidden
 * from and (for reactions) the rate limit; `check` refuses what may not be done. The second takes the
 * conversation's next version, runs `change`, marks the message with that version (`set` are the
 * columns it changes; a reaction changes none) and reads it back as shown, which the room then sends to
 * everyone who sees it.
 */
async function changeMessage(
  c: Context<HonoEnv>,
  messageId: string,
  opts: {
    limit?: RateLimitRule;
    check: (context: MessageContext) => void;
    set?: MessageChange;
    change?: (conversationId: string, userId: string, now: number) => Statement[];
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
  const conversationId = context.conversation.id;
  const now = Date.now();
  const after = messageById(db, messageId);
  const read = await commit(c, {
    steps: [
      ...(opts.change?.(conversationId, context.user.id, now) ?? []),
      nextVersion(db, conversationId),
      touchMessage(db, messageId, conversationId, opts.set ?? {}, now),
      after,
    ],
    frames: (read) => [
      messageFrame(
        "message.updated",
        shown(read(after)),
        checks(hidden).map((r) => r.userId),
      ),
    ],
  });
  return shown(read(after));
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
      set: { content, isEdited: true },
      change: (conversationId) => [
        c.var.db.run(
          sql`update ${cv} set ${bare(cv.lastMessagePreview)} = ${messagePreview(content)}
            where ${cv.id} = ${conversationId} and ${cv.lastMessageId} = ${messageId}`,
        ),
      ],
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
      set: { content: "", fileUrl: null, isDeleted: true },
      change: (conversationId) => [
        c.var.db.delete(messageReactions).where(eq(messageReactions.messageId, messageId)),
        c.var.db.run(
          sql`update ${cv} set ${bare(cv.lastMessagePreview)} = '' where ${cv.id} = ${conversationId} and ${cv.lastMessageId} = ${messageId}`,
        ),
      ],
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
      change: (_conversationId, userId, now) => [
        active
          ? c.var.db.insert(messageReactions).values({ messageId, userId, emoji, createdAt: now }).onConflictDoNothing()
          : c.var.db
              .delete(messageReactions)
              .where(
                and(
                  eq(messageReactions.messageId, messageId),
                  eq(messageReactions.userId, userId),
                  eq(messageReactions.emoji, emoji),
                ),
              ),
      ],
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
