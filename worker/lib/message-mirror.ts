import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { ChatMessage } from "../../common/contract/chat-message";
import type { MessageMirror } from "../../party/conversation-room";
import type { MirrorOp, StoredMessage, StoredReaction } from "../../party/message-log";
import type { AppEnv } from "../env";
import { commit, type Step } from "./commit";
import { batch, openDb, type Db } from "./db";
import { messageNotifications } from "./message-writes";
import { messageById, messagePreview, toChatMessage } from "./message-rows";
import type { Frame } from "./rooms";
import { bare } from "./sql-names";
import { communities, conversationParticipants as cp, conversations as cv, messageReactions, messages, users } from "./tables";

/**
 * What D1 keeps of a conversation room's messages (party/conversation-room.ts): the room numbers and
 * stores every change, and tells D1 here, in order, so that what reads across conversations (the
 * conversation list and its badges, notifications and their mail, reports, the staff queue, export,
 * purge, metrics) reads D1 as before. Each change is one batch, and applying one twice writes it once:
 * a send's statements all wait on the message not being stored yet (its insert comes last); a change
 * sets the version it was given, never a lower one.
 */

/** The conversation's version moves to `version`, never back. */
const toVersion = (conversationId: string, version: number, extra?: ReturnType<typeof sql>) =>
  sql`update ${cv} set ${bare(cv.version)} = max(${cv.version}, ${version}) ${extra ? sql`, ${extra}` : sql``}
    where ${cv.id} = ${conversationId}`;

function sendSteps(db: Db, op: Extract<MirrorOp, { kind: "send" }>) {
  const { conversationId, message: m } = op;
  const fresh = sql`not exists (select 1 from ${messages} where ${messages.id} = ${m.id})`;
  const preview = messagePreview(m.content);
  const notes = messageNotifications(db, {
    conversationId,
    communityId: sql`(select ${cv.communityId} from ${cv} where ${cv.id} = ${conversationId})`,
    senderId: m.senderId!,
    preview,
    skip: op.skip,
    now: m.createdAt,
    messageId: m.id,
  });
  const steps: Step[] = [
    db.run(
      sql`update ${cv} set ${bare(cv.version)} = max(${cv.version}, ${m.version}), ${bare(cv.lastMessageId)} = ${m.id},
          ${bare(cv.lastMessagePreview)} = ${preview}, ${bare(cv.lastMessageSenderId)} = ${m.senderId},
          ${bare(cv.lastMessageAt)} = ${m.createdAt}, ${bare(cv.updatedAt)} = ${m.createdAt}
        where ${cv.id} = ${conversationId} and ${fresh} and coalesce(${cv.lastMessageAt}, 0) <= ${m.createdAt}`,
    ),
    // Writing in a conversation reads it.
    db
      .update(cp)
      .set({ lastReadSeq: sql`max(${cp.lastReadSeq}, ${m.seq})`, lastReadAt: m.createdAt })
      .where(and(eq(cp.conversationId, conversationId), eq(cp.userId, m.senderId!), fresh)),
    notes,
    db.run(
      sql`insert into ${messages} (${bare(messages.id)}, ${bare(messages.conversationId)}, ${bare(messages.senderId)},
          ${bare(messages.content)}, ${bare(messages.messageType)}, ${bare(messages.fileUrl)}, ${bare(messages.replyToId)},
          ${bare(messages.seq)}, ${bare(messages.version)}, ${bare(messages.isEdited)}, ${bare(messages.isDeleted)},
          ${bare(messages.createdAt)}, ${bare(messages.updatedAt)})
        values (${m.id}, ${conversationId}, ${m.senderId}, ${m.content}, ${m.messageType}, ${m.fileUrl}, ${m.replyToId},
          ${m.seq}, ${m.version}, 0, 0, ${m.createdAt}, ${m.updatedAt})
        on conflict do nothing`,
    ),
  ];
  const frames = (read: Parameters<NonNullable<Parameters<typeof commit>[1]["frames"]>>[0]): Frame[] =>
    [m.senderId!, ...read(notes.readBack).map((r) => r.recipientId)].map((id) => ({
      room: "user",
      id,
      event: { type: "conversation.bumped", conversationId, lastMessageAt: m.createdAt },
    }));
  return { steps, frames };
}

function changeSteps(db: Db, op: Exclude<MirrorOp, { kind: "send" }>): Step[] {
  const { conversationId, messageId, version, at } = op;
  const touch = (set: Partial<typeof messages.$inferInsert>) =>
    db
      .update(messages)
      .set({ ...set, version: sql`max(${messages.version}, ${version})`, updatedAt: at })
      .where(eq(messages.id, messageId));
  const lastPreview = (preview: string) =>
    db.run(
      sql`update ${cv} set ${bare(cv.lastMessagePreview)} = ${preview} where ${cv.id} = ${conversationId} and ${cv.lastMessageId} = ${messageId}`,
    );
  switch (op.kind) {
    case "edit":
      return [
        db.run(toVersion(conversationId, version)),
        lastPreview(messagePreview(op.content)),
        touch({ content: op.content, isEdited: true }),
      ];
    case "delete":
      // The row stays (its place in the history, replies that quote it) with nothing of what it said.
      return [
        db.run(toVersion(conversationId, version)),
        db.delete(messageReactions).where(eq(messageReactions.messageId, messageId)),
        lastPreview(""),
        touch({ content: "", fileUrl: null, isDeleted: true }),
      ];
    case "react":
      return [
        db.run(toVersion(conversationId, version)),
        op.active
          ? db
              .insert(messageReactions)
              .values({ messageId, userId: op.userId, emoji: op.emoji, createdAt: at })
              .onConflictDoNothing()
          : db
              .delete(messageReactions)
              .where(
                and(
                  eq(messageReactions.messageId, messageId),
                  eq(messageReactions.userId, op.userId),
                  eq(messageReactions.emoji, op.emoji),
                ),
              ),
        touch({}),
      ];
  }
}

/** The mirror for a room: D1 (or libSQL) through the app's own database. */
export function d1MessageMirror(env: AppEnv): MessageMirror {
  const db = () => openDb(env);
  return {
    async load(conversationId, { afterSeq, limit }) {
      const d = db();
      const facts = d
        .select({ version: cv.version, archived: communities.archived })
        .from(cv)
        .leftJoin(communities, eq(communities.id, cv.communityId))
        .where(eq(cv.id, conversationId));
      const inPage = and(eq(messages.conversationId, conversationId), gt(messages.seq, afterSeq));
      const rows = d
        .select({
          id: messages.id,
          seq: messages.seq,
          version: messages.version,
          senderId: messages.senderId,
          senderName: users.fullName,
          senderAvatar: users.avatarUrl,
          content: messages.content,
          messageType: messages.messageType,
          fileUrl: messages.fileUrl,
          replyToId: messages.replyToId,
          isEdited: messages.isEdited,
          isDeleted: messages.isDeleted,
          createdAt: messages.createdAt,
          updatedAt: messages.updatedAt,
        })
        .from(messages)
        .leftJoin(users, eq(users.id, messages.senderId))
        .where(inPage)
        .orderBy(messages.seq)
        .limit(limit);
      // The page's reactions, in the same batch, with the names D1 shows for them now (the users row; a
      // reaction goes with its account).
      const pageIds = d.select({ id: messages.id }).from(messages).where(inPage).orderBy(messages.seq).limit(limit);
      const reactions = d
        .select({
          messageId: messageReactions.messageId,
          userId: messageReactions.userId,
          fullName: users.fullName,
          emoji: messageReactions.emoji,
          createdAt: messageReactions.createdAt,
        })
        .from(messageReactions)
        .innerJoin(users, eq(users.id, messageReactions.userId))
        .where(inArray(messageReactions.messageId, pageIds));
      const read = await batch(d, [facts, rows, reactions]);
      const [conversation] = read(facts);
      return {
        version: conversation?.version ?? 0,
        readOnly: conversation?.archived === true,
        messages: read(rows).map((r): StoredMessage => ({
          ...r,
          senderName: r.senderName ?? null,
          senderAvatar: r.senderAvatar ?? null,
        })),
        reactions: read(reactions) satisfies StoredReaction[],
      };
    },
    async apply(op) {
      const d = db();
      if (op.kind === "send") {
        const { steps, frames } = sendSteps(d, op);
        await commit({ db: d, env }, { steps, frames });
        return;
      }
      // The room showed the change from its own storage: nothing is read back.
      await commit({ db: d, env }, { steps: changeSteps(d, op) });
    },
    async render(messageId): Promise<ChatMessage | null> {
      const [row] = await messageById(db(), messageId);
      return row ? toChatMessage(row) : null;
    },
  };
}
