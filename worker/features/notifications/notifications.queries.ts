import { and, count, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { createDb, schema, type DbSource } from "../../../db/client";
import { decodeCursor, encodeCursor } from "../../lib/pagination";

const { notifications: n, users: u, communities: c } = schema;

export type NotificationItem = {
  id: string;
  type: string;
  title: string;
  content: string;
  isRead: boolean;
  createdAt: number;
  sender: { id: string; fullName: string; avatarUrl: string | null } | null;
  community: { id: string; name: string } | null;
  postId: string | null;
  commentId: string | null;
  eventId: string | null;
  courseId: string | null;
  conversationId: string | null;
  data: Record<string, unknown> | null;
};

type ItemRow = Omit<NotificationItem, "sender" | "community"> & {
  senderId: string | null;
  senderName: string | null;
  senderAvatar: string | null;
  communityId: string | null;
  communityName: string | null;
};

function toItem(r: ItemRow): NotificationItem {
  return {
    id: r.id,
    type: r.type,
    title: r.title,
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

const sender = alias(u, "sender");

/** The columns of a notification as the list shows it; queries join `sender` and `c` (community). */
const itemColumns = {
  id: n.id,
  type: n.type,
  title: n.title,
  content: n.content,
  isRead: n.isRead,
  createdAt: n.createdAt,
  postId: n.postId,
  commentId: n.commentId,
  eventId: n.eventId,
  courseId: n.courseId,
  conversationId: n.conversationId,
  data: n.data,
  senderId: sender.id,
  senderName: sender.fullName,
  senderAvatar: sender.avatarUrl,
  communityId: c.id,
  communityName: c.name,
};

/** One page, newest first, with sender and community joined: one statement whatever the page size. */
export async function listNotifications(
  d1: DbSource,
  userId: string,
  opts: { communityId?: string; cursor?: string; limit: number },
): Promise<{ items: NotificationItem[]; nextCursor: string | null }> {
  const after = opts.cursor ? decodeCursor(opts.cursor) : null;
  const rows = await createDb(d1)
    .select(itemColumns)
    .from(n)
    .leftJoin(sender, eq(sender.id, n.senderId))
    .leftJoin(c, eq(c.id, n.communityId))
    .where(
      and(
        eq(n.recipientId, userId),
        opts.communityId ? eq(n.communityId, opts.communityId) : undefined,
        after ? or(lt(n.createdAt, after.createdAt), and(eq(n.createdAt, after.createdAt), lt(n.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(n.createdAt), desc(n.id))
    .limit(opts.limit + 1);
  const page = rows.slice(0, opts.limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    nextCursor: rows.length > opts.limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

/** Rows just written, shaped as the list shows them, with each recipient's unread count. */
export async function listNotificationsByIds(
  d1: DbSource,
  ids: string[],
): Promise<{ recipientId: string; unread: number; item: NotificationItem }[]> {
  const rows = await createDb(d1)
    .select({
      ...itemColumns,
      recipientId: n.recipientId,
      unread: sql<number>`(select count(*) from notifications u where u.recipient_id = ${n.recipientId} and u.is_read = 0)`,
    })
    .from(n)
    .leftJoin(sender, eq(sender.id, n.senderId))
    .leftJoin(c, eq(c.id, n.communityId))
    .where(inArray(n.id, ids));
  return rows.map((r) => ({ recipientId: r.recipientId, unread: r.unread, item: toItem(r) }));
}

export async function unreadCount(d1: DbSource, userId: string, communityId?: string): Promise<number> {
  const db = createDb(d1);
  const [row] = await db
    .select({ value: count() })
    .from(n)
    .where(and(eq(n.recipientId, userId), eq(n.isRead, false), communityId ? eq(n.communityId, communityId) : undefined));
  return row?.value ?? 0;
}

/** Marks one of the user's notifications read; false when it is not theirs (or does not exist). */
export async function markRead(d1: DbSource, userId: string, id: string): Promise<boolean> {
  const db = createDb(d1);
  const rows = await db
    .update(n)
    .set({ isRead: true })
    .where(and(eq(n.id, id), eq(n.recipientId, userId)))
    .returning({ id: n.id });
  return rows.length > 0;
}

export async function markAllRead(d1: DbSource, userId: string, communityId?: string): Promise<number> {
  const db = createDb(d1);
  const rows = await db
    .update(n)
    .set({ isRead: true })
    .where(and(eq(n.recipientId, userId), eq(n.isRead, false), communityId ? eq(n.communityId, communityId) : undefined))
    .returning({ id: n.id });
  return rows.length;
}
