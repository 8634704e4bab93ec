import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { createdAt, idColumn, millis } from "./columns";
import { communities } from "./communities";
import { notificationTypes, type NotificationData } from "../../common/notifications";

export const notifications = sqliteTable(
  "notifications",
  {
    id: idColumn(),
    recipientId: text("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Null for system notifications (review decisions, deletion scheduled).
    senderId: text("sender_id").references(() => users.id, { onDelete: "cascade" }),
    communityId: text("community_id").references(() => communities.id, { onDelete: "cascade" }),
    type: text("type", { enum: notificationTypes }).notNull(),
    // No title: the reader's app writes the sentence from type, sender and data in the reader's language.
    // Content is what the notification quotes of someone's own words (a comment, a message), never ours.
    content: text("content").notNull().default(""),
    isRead: integer("is_read", { mode: "boolean" }).notNull().default(false),
    // Targets are plain ids, not foreign keys: deleting a post must not scan every notification, and a
    // notification whose target is gone simply opens a not-found page.
    postId: text("post_id"),
    commentId: text("comment_id"),
    eventId: text("event_id"),
    courseId: text("course_id"),
    conversationId: text("conversation_id"),
    data: text("data", { mode: "json" }).$type<NotificationData>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_recipient_idx").on(t.recipientId, t.createdAt),
    index("notifications_recipient_community_idx").on(t.recipientId, t.communityId, t.createdAt),
    index("notifications_unread_idx").on(t.recipientId, t.isRead),
  ],
);

/**
 * Notifications waiting for their e-mail, written beside (or, with in-app off, instead of) the
 * notification row. `thread` is what mails are batched by: the conversation, else the post, else the
 * notification alone. Rows leave the queue when a mail carrying them is sent.
 */
export const notificationMailQueue = sqliteTable(
  "notification_mail_queue",
  {
    id: idColumn(),
    recipientId: text("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    senderId: text("sender_id"),
    communityId: text("community_id"),
    type: text("type", { enum: notificationTypes }).notNull(),
    content: text("content").notNull().default(""),
    postId: text("post_id"),
    commentId: text("comment_id"),
    eventId: text("event_id"),
    courseId: text("course_id"),
    conversationId: text("conversation_id"),
    data: text("data", { mode: "json" }).$type<NotificationData>(),
    thread: text("thread").notNull(),
    /** The delivery run that took the row (null while it waits). */
    claim: text("claim"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notification_mail_queue_recipient_idx").on(t.recipientId, t.thread),
    index("notification_mail_queue_claim_idx").on(t.claim),
  ],
);

/** When a recipient last got a mail for a thread (or their daily digest): the hourly and daily limits. */
export const notificationMailThreads = sqliteTable(
  "notification_mail_threads",
  {
    recipientId: text("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    thread: text("thread").notNull(),
    sentAt: millis("sent_at").notNull(),
    claim: text("claim").notNull(),
  },
  (t) => [primaryKey({ columns: [t.recipientId, t.thread] }), index("notification_mail_threads_sent_idx").on(t.sentAt)],
);

export { notificationTypes, type NotificationData, type NotificationType } from "../../common/notifications";
