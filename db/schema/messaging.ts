import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { counter, createdAt, flag, idColumn, millis, updatedAt } from "./columns";
import { communities } from "./communities";
import { conversationTypes, reactionEmojis, type ConversationType } from "../../common/contract/enums";

export { conversationTypes, reactionEmojis, type ConversationType };

export const participantRoles = ["admin", "member"] as const;
export type ParticipantRole = (typeof participantRoles)[number];

export const messageTypes = ["text", "image", "file"] as const;
export type MessageType = (typeof messageTypes)[number];

/** The two user ids sorted and joined with ':' — the unique key of a direct conversation. */
export function directKey(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

export const conversations = sqliteTable(
  "conversations",
  {
    id: idColumn(),
    type: text("type", { enum: conversationTypes }).notNull(),
    name: text("name"),
    description: text("description"),
    // Group chats belong to a community; direct chats need not.
    communityId: text("community_id").references(() => communities.id, { onDelete: "cascade" }),
    /** Only for direct chats, so a chat between two users is created once. */
    directKey: text("direct_key"),
    memberCount: counter("member_count"),
    /**
     * The conversation's change counter: every send, edit, delete and reaction takes the next value, so
     * a client that saw version N catches up with the changes after N, in order, with no gaps.
     */
    version: integer("version", { mode: "number" }).notNull().default(0),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    // Denormalised last message so a conversation list is one query. Plain ids, not foreign keys: the
    // message row references this one, and a soft-deleted message keeps its row.
    lastMessageId: text("last_message_id"),
    lastMessagePreview: text("last_message_preview"),
    lastMessageSenderId: text("last_message_sender_id"),
    lastMessageAt: millis("last_message_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("conversations_direct_key_unique").on(t.directKey),
    index("conversations_community_type_idx").on(t.communityId, t.type, t.lastMessageAt),
    index("conversations_last_message_idx").on(t.lastMessageAt),
  ],
);

export const conversationParticipants = sqliteTable(
  "conversation_participants",
  {
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: participantRoles }).notNull().default("member"),
    joinedAt: millis("joined_at")
      .notNull()
      .$defaultFn(() => Date.now()),
    lastReadAt: millis("last_read_at"),
    /** The `seq` of the last message this participant has read (read receipts, "seen"). */
    lastReadSeq: integer("last_read_seq", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index("conversation_participants_user_idx").on(t.userId, t.conversationId),
  ],
);

export const messages = sqliteTable(
  "messages",
  {
    id: idColumn(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    // Null after the sender's account is purged: the conversation keeps the message, from 'Deleted user'.
    senderId: text("sender_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull().default(""),
    messageType: text("message_type", { enum: messageTypes }).notNull().default("text"),
    /** Position in the conversation, from the conversation's counter when sent: history pages by it. */
    seq: integer("seq", { mode: "number" }).notNull().default(0),
    /** The conversation's counter at this message's last change (send, edit, delete, reaction). */
    version: integer("version", { mode: "number" }).notNull().default(0),
    fileUrl: text("file_url"),
    // Not a foreign key: messages are only soft-deleted, and a cascade over a conversation would look
    // up every reply per deleted row.
    replyToId: text("reply_to_id"),
    isEdited: flag("is_edited", false),
    isDeleted: flag("is_deleted", false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("messages_conversation_seq_unique").on(t.conversationId, t.seq),
    index("messages_conversation_version_idx").on(t.conversationId, t.version),
    index("messages_sender_idx").on(t.senderId),
  ],
);

export const messageReactions = sqliteTable(
  "message_reactions",
  {
    messageId: text("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    emoji: text("emoji").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId, t.emoji] }), index("message_reactions_user_idx").on(t.userId)],
);
