import { sql, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import type { HonoEnv } from "../../env";
import { accessColumns, blockedBetween, toAccess, type Access, type AccessColumns, type CommunityAccess } from "../../lib/access";
import type { Db } from "../../lib/db";
import { AppError, notFound, unauthenticated } from "../../lib/errors";
import { canManage, hasMemberAccess } from "../../lib/permissions";
import { sessionColumns, sessionFrom, sessionUserFrom, type SessionColumns, type SessionUser } from "../../lib/session";

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

type ConversationRow = SessionColumns &
  AccessColumns & {
    cv_id: string | null;
    cv_type: "direct" | "group";
    cv_name: string | null;
    cv_description: string | null;
    cv_community_id: string | null;
    cv_member_count: number;
    cv_version: number;
    cv_last_message_id: string | null;
    p_user_id: string | null;
    p_last_read_seq: number | null;
    other_id: string | null;
    blocked: number;
  };

const conversationColumns = sql.raw(
  "cv.id as cv_id, cv.type as cv_type, cv.name as cv_name, cv.description as cv_description, cv.community_id as cv_community_id, " +
    "cv.member_count as cv_member_count, cv.version as cv_version, cv.last_message_id as cv_last_message_id, " +
    "p.user_id as p_user_id, p.last_read_seq as p_last_read_seq",
);

/** The statement: session, conversation (`cv`, by the SQL value `conversationId`), seat, community and block. */
export function conversationStatement(db: Db, token: string, conversationId: SQL, extraColumns?: SQL, extraJoins?: SQL) {
  const other = sql`(select o.user_id from conversation_participants o
    where cv.type = 'direct' and o.conversation_id = cv.id and o.user_id <> su.id limit 1)`;
  return db.get<(ConversationRow & Record<string, unknown>) | undefined>(
    sql`select ${sessionColumns}, ${accessColumns}, ${conversationColumns}, ${other} as other_id,
        (cv.type = 'direct' and ${blockedBetween(sql.raw("su.id"), other)}) as blocked
        ${extraColumns ? sql`, ${extraColumns}` : sql``}
      from ${sessionFrom(token, { required: true })}
      ${extraJoins ?? sql``}
      left join conversations cv on cv.id = ${conversationId}
      left join conversation_participants p on p.conversation_id = cv.id and p.user_id = su.id
      left join communities c on c.id = cv.community_id
      left join community_members m on m.community_id = c.id and m.profile_id = su.id`,
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
  if (context.community?.community?.archived) throw new AppError("READ_ONLY", "This community is archived and read-only.");
}

export type MessageFacts = { id: string; senderId: string | null; isDeleted: boolean; seq: number };

type MessageRow = ConversationRow & {
  msg_id: string | null;
  msg_sender_id: string | null;
  msg_is_deleted: number;
  msg_seq: number;
  msg_hidden: number;
};

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
      sql`msg.conversation_id`,
      sql`msg.id as msg_id, msg.sender_id as msg_sender_id, msg.is_deleted as msg_is_deleted, msg.seq as msg_seq,
        (msg.sender_id is not null and msg.sender_id <> su.id and ${blockedBetween(sql.raw("su.id"), sql.raw("msg.sender_id"))}
          and exists (select 1 from conversations g where g.id = msg.conversation_id and g.type = 'group')) as msg_hidden`,
      sql`left join messages msg on msg.id = ${messageId}`,
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
