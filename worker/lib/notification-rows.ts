/**
 * A notification as the app shows it, read back by the batch that writes it (for the live push) and
 * by the list.
 */
import { and, count, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "./db";
import { tableAs } from "./sql-names";
import { communities as c, notifications as n, users as u } from "./tables";
import type { NotificationItem } from "../../common/contract/notification-item";
import type { NotificationType } from "../../common/notifications";

export type { NotificationItem };

type ItemRow = Omit<NotificationItem, "sender" | "community"> & {
  senderId: string | null;
  senderName: string | null;
  senderAvatar: string | null;
  communityId: string | null;
  communityName: string | null;
};

export function toItem(r: ItemRow): NotificationItem {
  return {
    id: r.id,
    type: r.type,
    content: r.content,
    isRead: r.isRead,
    createdAt: r.createdAt,
    sender: r.senderId ? { id: r.senderId, fullName: r.senderName ?? "", avatarUrl: r.senderAvatar ?? null } : null,
    community: r.communityId ? { id: r.communityId, name: r.communityName ?? "" } : null,
    postId: r.postId,
    commentId: r.commentId,
    eventId: r.eventId,
    courseId: r.courseId,
    conversationId: r.conversationId,
    data: r.data ?? null,
  };
}

export const sender = alias(u, "sender");

/** The recipient's notifications, counted beside each row read. */
const others = alias(n, "u");

/**
 * The columns of a notification as the list shows it; queries join `sender` and `c` (community). The
 * joined ids are aliased so every column has its own name (batches answer rows keyed by name).
 */
export const itemColumns = {
  id: n.id,
  type: n.type,
  content: n.content,
  isRead: n.isRead,
  createdAt: n.createdAt,
  postId: n.postId,
  commentId: n.commentId,
  eventId: n.eventId,
  courseId: n.courseId,
  conversationId: n.conversationId,
  data: n.data,
  senderId: sql<string | null>`${sender.id}`.as("sender_user_id"),
  senderName: sender.fullName,
  senderAvatar: sender.avatarUrl,
  communityId: sql<string | null>`${c.id}`.as("community_ref_id"),
  communityName: c.name,
};

/**
 * Rows just written, shaped as the list shows them, with each recipient's unread count: a statement for
 * the end of the batch that writes them.
 */
export const notificationsByIds = (db: Db, ids: string[]) => notificationsWhere(db, inArray(n.id, ids));

/** The notifications of one type about one event, as `notificationsByIds` reads them (a fan-out's read-back). */
export const eventNotifications = (db: Db, type: NotificationType, eventId: string) =>
  notificationsWhere(db, and(eq(n.type, type), eq(n.eventId, eventId)));

/** `notificationsByIds` for rows found by a condition (rows a set-based statement wrote). */
export function notificationsWhere(db: Db, condition: SQL | undefined) {
  return db
    .select({
      ...itemColumns,
      recipientId: n.recipientId,
      unread:
        sql<number>`(select count(*) from ${tableAs(others)} where ${others.recipientId} = ${n.recipientId} and ${others.isRead} = 0)`.as(
          "unread",
        ),
    })
    .from(n)
    .leftJoin(sender, eq(sender.id, n.senderId))
    .leftJoin(c, eq(c.id, n.communityId))
    .where(condition);
}

export type WrittenNotificationRow = Awaited<ReturnType<typeof notificationsByIds>>[number];

export const toWritten = (rows: WrittenNotificationRow[]) =>
  rows.map((r) => ({ recipientId: r.recipientId, unread: r.unread, item: toItem(r) }));

/** The user's unread count (optionally in one community), as a statement. */
export const unreadCount = (db: Db, userId: string | SQLWrapper, communityId?: string) =>
  db
    .select({ value: count() })
    .from(n)
    .where(and(eq(n.recipientId, userId), eq(n.isRead, false), communityId ? eq(n.communityId, communityId) : undefined));
