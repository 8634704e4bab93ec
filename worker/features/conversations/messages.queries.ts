import { sql, type SQL } from "drizzle-orm";
import type { ChatMessage, Reaction } from "../../../common/contract/conversations";
import { REACTION_USERS_MAX } from "../../../common/contract/limits";
import { blockedBetween } from "../../lib/access";
import type { Db } from "../../lib/db";

/**
 * Messages as every participant sees them: sender, the quoted message of a reply, reactions with
 * counts and who reacted. One statement whatever the page size: reactions are aggregated per message
 * in subqueries over the (message_id, user_id, emoji) key.
 */

/** Reaction rows read per message to name who reacted; counts are exact whatever this is. */
const REACTION_ROWS_READ = 250;

export type MessageRow = {
  id: string;
  conversation_id: string;
  seq: number;
  version: number;
  sender_id: string | null;
  sender_name: string | null;
  sender_avatar: string | null;
  content: string;
  message_type: string;
  file_url: string | null;
  is_edited: number;
  is_deleted: number;
  created_at: number;
  updated_at: number;
  reply_id: string | null;
  reply_sender_name: string | null;
  reply_content: string | null;
  reply_type: string | null;
  reply_is_deleted: number | null;
  reaction_counts: string | null;
  reaction_users: string | null;
};

const columns = sql`msg.id, msg.conversation_id, msg.seq, msg.version, msg.sender_id, su_sender.full_name as sender_name,
  su_sender.avatar_url as sender_avatar, msg.content, msg.message_type, msg.file_url, msg.is_edited, msg.is_deleted,
  msg.created_at, msg.updated_at,
  rt.id as reply_id, rt_sender.full_name as reply_sender_name, rt.content as reply_content, rt.message_type as reply_type,
  rt.is_deleted as reply_is_deleted,
  (select json_group_array(json_array(emoji, n)) from (
    select r.emoji, count(*) as n, min(r.created_at) as first from message_reactions r where r.message_id = msg.id
    group by r.emoji order by first)) as reaction_counts,
  (select json_group_array(json_array(emoji, user_id, full_name)) from (
    select r.emoji, r.user_id, ru.full_name from message_reactions r join users ru on ru.id = r.user_id
    where r.message_id = msg.id order by r.created_at limit ${REACTION_ROWS_READ})) as reaction_users`;

const joins = sql`left join users su_sender on su_sender.id = msg.sender_id
  left join messages rt on rt.id = msg.reply_to_id and rt.conversation_id = msg.conversation_id
  left join users rt_sender on rt_sender.id = rt.sender_id`;

/**
 * In a group, messages from someone on the other side of a block are not shown (`viewer` is an SQL
 * user id). A direct chat keeps its history: the block only stops new messages.
 */
const visibleTo = (viewer: SQL) =>
  sql`(msg.sender_id is null or msg.sender_id = ${viewer} or not ${blockedBetween(viewer, sql.raw("msg.sender_id"))}
    or (select type from conversations where id = msg.conversation_id) = 'direct')`;

/** Only for a participant: the statement can run in the batch that checks access and still shows nothing to others. */
const participantOnly = (conversationId: string, viewer: SQL) =>
  sql`exists (select 1 from conversation_participants vp where vp.conversation_id = ${conversationId} and vp.user_id = ${viewer})`;

/** A history page: the `limit` messages before `before` (a seq), newest first; one more tells whether older ones exist. */
export function historyPage(db: Db, conversationId: string, viewer: SQL, opts: { before?: number; limit: number }) {
  return db.all<MessageRow>(
    sql`select ${columns} from messages msg ${joins}
      where msg.conversation_id = ${conversationId} ${opts.before !== undefined ? sql`and msg.seq < ${opts.before}` : sql``}
        and ${participantOnly(conversationId, viewer)} and ${visibleTo(viewer)}
      order by msg.seq desc limit ${opts.limit + 1}`,
  );
}

/** A catch-up: the changes after `after` (a version), oldest change first; one more tells whether more wait. */
export function changesAfter(db: Db, conversationId: string, viewer: SQL, opts: { after: number; limit: number }) {
  return db.all<MessageRow>(
    sql`select ${columns} from messages msg ${joins}
      where msg.conversation_id = ${conversationId} and msg.version > ${opts.after}
        and ${participantOnly(conversationId, viewer)} and ${visibleTo(viewer)}
      order by msg.version limit ${opts.limit + 1}`,
  );
}

/** One message as shown (the end of the batch that wrote it). */
export function messageById(db: Db, messageId: string) {
  return db.all<MessageRow>(sql`select ${columns} from messages msg ${joins} where msg.id = ${messageId}`);
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

function toReactions(countsJson: string | null, usersJson: string | null): Reaction[] {
  const users = new Map<string, { id: string; fullName: string }[]>();
  for (const [emoji, id, fullName] of parseJson<[string, string, string]>(usersJson)) {
    const list = users.get(emoji) ?? [];
    if (list.length < REACTION_USERS_MAX) list.push({ id, fullName });
    users.set(emoji, list);
  }
  return parseJson<[string, number]>(countsJson).map(([emoji, count]) => ({ emoji, count, users: users.get(emoji) ?? [] }));
}

export function toChatMessage(r: MessageRow): ChatMessage {
  const deleted = r.is_deleted === 1;
  return {
    id: r.id,
    conversationId: r.conversation_id,
    seq: r.seq,
    version: r.version,
    sender: r.sender_id ? { id: r.sender_id, fullName: r.sender_name ?? "", avatarUrl: r.sender_avatar } : null,
    // A deleted message keeps its place and nothing of what it said.
    content: deleted ? "" : r.content,
    messageType: r.message_type,
    fileUrl: deleted ? null : r.file_url,
    replyTo: r.reply_id
      ? {
          id: r.reply_id,
          senderName: r.reply_sender_name,
          content: r.reply_is_deleted === 1 ? "" : (r.reply_content ?? ""),
          messageType: r.reply_type ?? "text",
          isDeleted: r.reply_is_deleted === 1,
        }
      : null,
    reactions: deleted ? [] : toReactions(r.reaction_counts, r.reaction_users),
    isEdited: r.is_edited === 1,
    isDeleted: deleted,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** What the conversation list shows of a message: its words, or nothing for an image without a caption. */
export const messagePreview = (content: string) => (content.length > 100 ? `${content.slice(0, 97)}...` : content);
