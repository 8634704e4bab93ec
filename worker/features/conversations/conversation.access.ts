import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Context } from "hono";
import type { HonoEnv } from "../../env";
import {
  accessColumns,
  accessCommunity as c,
  accessMembership as m,
  blockedBetween,
  toAccess,
  type Access,
  type AccessColumns,
  type CommunityAccess,
} from "../../lib/access";
import type { Db } from "../../lib/db";
import { AppError, notFound, unauthenticated } from "../../lib/errors";
import { canManage, hasMemberAccess } from "../../lib/permissions";
import {
  sessionColumns,
  sessionFrom,
  sessionUser as su,
  sessionUserFrom,
  type SessionColumns,
  type SessionUser,
} from "../../lib/session";
import { selectAs, tableAs, type LeftJoined, type SelectAsRow } from "../../lib/sql-names";
import { conversationParticipants, conversations, messages } from "../../lib/tables";

/**
 * Who may do what in a conversation, read in ONE statement with the session:
 * - a direct chat: its two participants; a block between them leaves the history readable and
 *   stops new messages (DESIGN.md "Blocks");
 * - a group chat: members of its community (DESIGN.md "Visibility": members only), and among them the
 *   participants read and write; owner and admins manage it.
 * Everyone else gets 404, as if the conversation did not exist.
 */

export type ConversationFacts = {
  id: string;
  type: "direct" | "group";
  name: string | null;
  description: string | null;
  communityId: string | null;
  memberCount: number;
  version: number;
  lastMessageId: string | null;
  /** The other person of a direct chat. */
  otherUserId: string | null;
};

export type ConversationContext = {
  user: SessionUser;
  conversation: ConversationFacts;
  /** The caller's seat in it, or null (a community member who has not joined a group). */
  participant: { lastReadSeq: number } | null;
  /** The group's community and the caller's membership; null for direct chats. */
  community: CommunityAccess | null;
  /** A block between the two people of a direct chat. */
  blocked: boolean;
  /** Owner or admin of the group's community. */
  canManage: boolean;
};

const cv = alias(conversations, "cv");
const p = alias(conversationParticipants, "p");
const o = alias(conversationParticipants, "o");

/** The conversation's id, null without it; its other columns are there whenever the id is. */
const conversationIdField = { cv_id: cv.id };
const conversationFields = {
  cv_type: cv.type,
  cv_name: cv.name,
  cv_description: cv.description,
  cv_community_id: cv.communityId,
  cv_member_count: cv.memberCount,
  cv_version: cv.version,
  cv_last_message_id: cv.lastMessageId,
};
/** The caller's seat: null when they have none. */
const seatFields = { p_user_id: p.userId, p_last_read_seq: p.lastReadSeq };

/** The other person of a direct chat, and a block between the two. */
const other = sql<string | null>`(select ${o.userId} from ${tableAs(o)}
    where ${cv.type} = 'direct' and ${o.conversationId} = ${cv.id} and ${o.userId} <> ${su.id} limit 1)`;
const directFields = {
  other_id: other,
  blocked: sql<0 | 1>`(${cv.type} = 'direct' and ${blockedBetween(su.id, other)})`,
};

type ConversationRow = SessionColumns &
  AccessColumns &
  LeftJoined<SelectAsRow<typeof conversationIdField>> &
  SelectAsRow<typeof conversationFields> &
  LeftJoined<SelectAsRow<typeof seatFields>> &
  SelectAsRow<typeof directFields>;

const conversationColumns = sql`${selectAs(conversationIdField)}, ${selectAs(conversationFields)}, ${selectAs(seatFields)}`;

/** The statement: session, conversation (`cv`, by the SQL value `conversationId`), seat, community and block. */
export function conversationStatement(db: Db, token: string, conversationId: SQL, extraColumns?: SQL, extraJoins?: SQL) {
  return db.get<(ConversationRow & Record<string, unknown>) | undefined>(
    sql`select ${sessionColumns}, ${accessColumns}, ${conversationColumns}, ${selectAs(directFields)}
        ${extraColumns ? sql`, ${extraColumns}` : sql``}
      from ${sessionFrom(token, { required: true })}
      ${extraJoins ?? sql``}
      left join ${tableAs(cv)} on ${cv.id} = ${conversationId}
      left join ${tableAs(p)} on ${p.conversationId} = ${cv.id} and ${p.userId} = ${su.id}
      left join ${tableAs(c)} on ${c.id} = ${cv.communityId}
      left join ${tableAs(m)} on ${m.communityId} = ${c.id} and ${m.profileId} = ${su.id}`,
  );
}

const missing = () => notFound("Conversation not found.");

/** The facts of a row, or the refusal: 401 without a session, 404 for a conversation the caller may not see. */
export function readConversation(c: Context<HonoEnv>, row: ConversationRow | undefined): ConversationContext {
  const user = sessionUserFrom(c, row);
  if (!user) throw unauthenticated();
  if (!row?.cv_id) throw missing();
  const participant = row.p_user_id ? { lastReadSeq: row.p_last_read_seq ?? 0 } : null;
  let community: CommunityAccess | null = null;
  let manages = false;
  if (row.cv_type === "group") {
    community = toAccess(row, user);
    if (!community.community || !hasMemberAccess(community.actor, community.community, community.membership)) throw missing();
    manages = canManage(community.actor, community.community, community.membership);
  } else if (!participant) {
    throw missing();
  }
  return {
    user,
    conversation: {
      id: row.cv_id,
      type: row.cv_type,
      name: row.cv_name,
      description: row.cv_description,
      communityId: row.cv_community_id,
      memberCount: row.cv_member_count,
      version: row.cv_version,
      lastMessageId: row.cv_last_message_id,
      otherUserId: row.other_id,
    },
    participant,
    community,
    blocked: row.blocked === 1,
    canManage: manages,
  };
}

/** A conversation the caller can see (a group of their community, joined or not, or their direct chat). */
export function conversationFor(db: Db, token: string, conversationId: string): Access<ConversationRow, ConversationContext> {
  return { query: conversationStatement(db, token, sql`${conversationId}`), read: readConversation };
}

/** The caller's seat, or 404 for a group they have not joined: only participants read and write. */
export function asParticipant(context: ConversationContext): ConversationContext & { participant: { lastReadSeq: number } } {
  if (!context.participant) throw missing();
  return context as ConversationContext & { participant: { lastReadSeq: number } };
}

/** Whether new messages may be written: a block closes a direct chat, an archived community its groups. */
export function assertCanWrite(context: ConversationContext) {
  if (context.blocked) throw new AppError("FORBIDDEN", "You can't send messages in this conversation.");
  assertNotArchived(context);
}

/** A group chat of an archived community is read-only like the rest of it: no renaming, removing or deleting. */
export function assertNotArchived(context: ConversationContext) {
  if (context.community?.community?.archived) throw new AppError("READ_ONLY", "This community is archived and read-only.");
}

export type MessageFacts = { id: string; senderId: string | null; isDeleted: boolean; seq: number };

const msg = alias(messages, "msg");
const g = alias(conversations, "g");

/** The message's id, null without it; its other columns are there whenever the id is. */
const messageIdField = { msg_id: msg.id };
const messageFields = {
  msg_sender_id: msg.senderId,
  msg_is_deleted: msg.isDeleted,
  msg_seq: msg.seq,
  /** From someone on the other side of a block, in a group. */
  msg_hidden: sql<0 | 1>`(${msg.senderId} is not null and ${msg.senderId} <> ${su.id} and ${blockedBetween(su.id, msg.senderId)}
    and exists (select 1 from ${tableAs(g)} where ${g.id} = ${msg.conversationId} and ${g.type} = 'group'))`,
};

type MessageRow = ConversationRow & LeftJoined<SelectAsRow<typeof messageIdField>> & SelectAsRow<typeof messageFields>;

/**
 * A message the caller can see as a participant of its conversation; a message from someone on the
 * other side of a block in a group is hidden like one that does not exist.
 */
export function messageFor(
  db: Db,
  token: string,
  messageId: string,
): Access<MessageRow, ConversationContext & { message: MessageFacts }> {
  return {
    query: conversationStatement(
      db,
      token,
      sql`${msg.conversationId}`,
      sql`${selectAs(messageIdField)}, ${selectAs(messageFields)}`,
      sql`left join ${tableAs(msg)} on ${msg.id} = ${messageId}`,
    ) as unknown as Access<MessageRow, never>["query"],
    read: (c, row) => {
      const context = asParticipant(readConversation(c, row));
      if (!row?.msg_id || row.msg_hidden === 1) throw notFound("Message not found.");
      return {
        ...context,
        message: { id: row.msg_id, senderId: row.msg_sender_id, isDeleted: row.msg_is_deleted === 1, seq: row.msg_seq },
      };
    },
  };
}
