import { and, desc, eq, lt, or, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../lib/db";
import { itemColumns, sender, toItem, type NotificationItem } from "../../lib/notification-rows";
import { decodeCursor, encodeCursor } from "../../lib/pagination";
import { communities as c, notifications as n } from "../../lib/tables";

/** One page, newest first, with sender and community joined: one statement whatever the page size. */
export async function listNotifications(
  db: Db,
  userId: string,
  opts: { communityId?: string; cursor?: string; limit: number },
): Promise<{ items: NotificationItem[]; nextCursor: string | null }> {
  const after = opts.cursor ? decodeCursor(opts.cursor) : null;
  const rows = await db
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

/** Marks one of the user's notifications read; the returned row is missing when it is not theirs (or does not exist). */
export const markRead = (db: Db, userId: string | SQLWrapper, id: string) =>
  db
    .update(n)
    .set({ isRead: true })
    .where(and(eq(n.id, id), eq(n.recipientId, userId)))
    .returning({ id: n.id });

export const markAllRead = (db: Db, userId: string | SQLWrapper, communityId?: string) =>
  db
    .update(n)
    .set({ isRead: true })
    .where(and(eq(n.recipientId, userId), eq(n.isRead, false), communityId ? eq(n.communityId, communityId) : undefined))
    .returning({ id: n.id });
