import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { createdAt, idColumn } from "./columns";
import { communities } from "./communities";
import { notificationTypes } from "../../common/notifications";


/** Extra navigation data; conversationId is where the spec keeps a MESSAGE's target. */
export type NotificationData = { conversationId?: string; [key: string]: unknown };

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
    title: text("title").notNull(),
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

export { notificationTypes, type NotificationType } from "../../common/notifications";
