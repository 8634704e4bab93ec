import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { ChatMessage, Reaction } from "../../common/contract/conversations";
import { groupReactions, REACTION_ROWS_READ } from "../../common/reactions";
import { blockedBetween } from "./access";
import type { Db } from "./db";
import { selectAs, tableAs, type LeftJoined, type SelectAsRow } from "./sql-names";
import { conversationParticipants, conversations, messageReactions, messages, users } from "./tables";

/**
 * Messages as every participant sees them: sender, the quoted message of a reply, reactions with
 * counts and who reacted. One statement whatever the page size: reactions are aggregated per message
 * in subqueries over the (message_id, user_id, emoji) key.
 */

const msg = alias(messages, "msg");
const sender = alias(users, "su_sender");
const rt = alias(messages, "rt");
const rtSender = alias(users, "rt_sender");
const r = alias(messageReactions, "r");
const ru = alias(users, "ru");
const vp = alias(conversationParticipants, "vp");

const messageFields = {
  id: msg.id,
  conversationId: msg.conversationId,
  seq: msg.seq,
  version: msg.version,
  senderId: msg.senderId,
  content: msg.content,
  messageType: msg.messageType,
  fileUrl: msg.fileUrl,
  isEdited: msg.isEdited,
  isDeleted: msg.isDeleted,
  createdAt: msg.createdAt,
  updatedAt: msg.updatedAt,
};

/** The sender, and the message a reply quotes with its sender: all left joined. */
const joinedFields = {
  senderName: sender.fullName,
  senderAvatar: sender.avatarUrl,
  replyId: rt.id,
  replySenderName: rtSender.fullName,
  replyContent: rt.content,
  replyType: rt.messageType,
  replyIsDeleted: rt.isDeleted,
};

/**
 * Reactions as JSON: [emoji, count] in the order first used, and [emoji, user id, name] of the first
 * reactors. Ties (the same millisecond) go by emoji, then user id: an order the room can make from the
 * same rows, so its frames and these answers agree.
 */
const reactionFields = {
  reactionCounts: sql<string | null>`(select json_group_array(json_array(emoji, n)) from (
    select ${r.emoji} as emoji, count(*) as n, min(${r.createdAt}) as first from ${tableAs(r)} where ${r.messageId} = ${msg.id}
    group by ${r.emoji} order by first, emoji))`,
  reactionUsers: sql<string | null>`(select json_group_array(json_array(emoji, user_id, full_name)) from (
    select ${r.emoji} as emoji, ${r.userId} as user_id, ${ru.fullName} as full_name from ${tableAs(r)} join ${tableAs(ru)} on ${ru.id} = ${r.userId}
    where ${r.messageId} = ${msg.id} order by ${r.createdAt}, ${r.userId}, ${r.emoji} limit ${REACTION_ROWS_READ}))`,
};

export type MessageRow = SelectAsRow<typeof messageFields> &
  LeftJoined<SelectAsRow<typeof joinedFields>> &
  SelectAsRow<typeof reactionFields>;

const columns = sql`${selectAs(messageFields)}, ${selectAs(joinedFields)}, ${selectAs(reactionFields)}`;

const from = sql`${tableAs(msg)}
  left join ${tableAs(sender)} on ${sender.id} = ${msg.senderId}
  left join ${tableAs(rt)} on ${rt.id} = ${msg.replyToId} and ${rt.conversationId} = ${msg.conversationId}
  left join ${tableAs(rtSender)} on ${rtSender.id} = ${rt.senderId}`;

/**
 * In a group, messages from someone on the other side of a block are not shown (`viewer` is an SQL
 * user id). A direct chat keeps its history: the block only stops new messages.
 */
const visibleTo = (viewer: SQL) =>
  sql`(${msg.senderId} is null or ${msg.senderId} = ${viewer} or not ${blockedBetween(viewer, msg.senderId)}
    or (select ${conversations.type} from ${conversations} where ${conversations.id} = ${msg.conversationId}) = 'direct')`;

/** Only for a participant: the statement can run in the batch that checks access and still shows nothing to others. */
const participantOnly = (conversationId: string, viewer: SQL) =>
  sql`exists (select 1 from ${tableAs(vp)} where ${vp.conversationId} = ${conversationId} and ${vp.userId} = ${viewer})`;

/** A history page: the `limit` messages before `before` (a seq), newest first; one more tells whether older ones exist. */
export function historyPage(db: Db, conversationId: string, viewer: SQL, opts: { before?: number; limit: number }) {
  return db.all<MessageRow>(
    sql`select ${columns} from ${from}
      where ${msg.conversationId} = ${conversationId} ${opts.before !== undefined ? sql`and ${msg.seq} < ${opts.before}` : sql``}
        and ${participantOnly(conversationId, viewer)} and ${visibleTo(viewer)}
      order by ${msg.seq} desc limit ${opts.limit + 1}`,
  );
}

/** A catch-up: the changes after `after` (a version), oldest change first; one more tells whether more wait. */
export function changesAfter(db: Db, conversationId: string, viewer: SQL, opts: { after: number; limit: number }) {
  return db.all<MessageRow>(
    sql`select ${columns} from ${from}
      where ${msg.conversationId} = ${conversationId} and ${msg.version} > ${opts.after}
        and ${participantOnly(conversationId, viewer)} and ${visibleTo(viewer)}
      order by ${msg.version} limit ${opts.limit + 1}`,
  );
}

/** One message as shown (the end of the batch that wrote it). */
export function messageById(db: Db, messageId: string) {
  return db.all<MessageRow>(sql`select ${columns} from ${from} where ${msg.id} = ${messageId}`);
}

function parseJson<T>(text: string | null): T[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

const toReactions = (countsJson: string | null, usersJson: string | null): Reaction[] =>
  groupReactions(parseJson<[string, number]>(countsJson), parseJson<[string, string, string]>(usersJson));

export function toChatMessage(m: MessageRow): ChatMessage {
  const deleted = m.isDeleted === 1;
  return {
    id: m.id,
    conversationId: m.conversationId,
    seq: m.seq,
    version: m.version,
    sender: m.senderId ? { id: m.senderId, fullName: m.senderName ?? "", avatarUrl: m.senderAvatar } : null,
    // A deleted message keeps its place and nothing of what it said.
    content: deleted ? "" : m.content,
    messageType: m.messageType,
    fileUrl: deleted ? null : m.fileUrl,
    replyTo: m.replyId
      ? {
          id: m.replyId,
          senderName: m.replySenderName,
          content: m.replyIsDeleted === 1 ? "" : (m.replyContent ?? ""),
          messageType: m.replyType ?? "text",
          isDeleted: m.replyIsDeleted === 1,
        }
      : null,
    reactions: deleted ? [] : toReactions(m.reactionCounts, m.reactionUsers),
    isEdited: m.isEdited === 1,
    isDeleted: deleted,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
}

/** What the conversation list shows of a message: its words, or nothing for an image without a caption. */
export const messagePreview = (content: string) => (content.length > 100 ? `${content.slice(0, 97)}...` : content);
