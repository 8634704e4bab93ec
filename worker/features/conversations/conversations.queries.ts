import { and, desc, eq, ne, sql, sum } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { ConversationSummary } from "../../../common/contract/conversations";
import type { Db } from "../../lib/db";
import { conversationParticipants as p, conversations as cv, users as u } from "../../lib/tables";

/** The user's conversations, most recent activity first, with the other participant of direct chats. */
export async function listConversationSummaries(db: Db, userId: string, limit: number): Promise<ConversationSummary[]> {
  const other = alias(p, "other");
  const otherUser = alias(u, "other_user");
  const rows = await db
    .select({
      id: cv.id,
      type: cv.type,
      name: cv.name,
      communityId: cv.communityId,
      otherUserId: other.userId,
      lastMessageId: cv.lastMessageId,
      lastMessagePreview: cv.lastMessagePreview,
      lastMessageSenderId: cv.lastMessageSenderId,
      lastMessageAt: cv.lastMessageAt,
      unreadCount: p.unreadCount,
      otherName: otherUser.fullName,
      otherAvatar: otherUser.avatarUrl,
    })
    .from(p)
    .innerJoin(cv, eq(cv.id, p.conversationId))
    .leftJoin(other, and(eq(cv.type, "direct"), eq(other.conversationId, cv.id), ne(other.userId, userId)))
    .leftJoin(otherUser, eq(otherUser.id, other.userId))
    .where(eq(p.userId, userId))
    .orderBy(desc(sql`coalesce(${cv.lastMessageAt}, ${cv.createdAt})`), desc(cv.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    title: r.type === "group" ? r.name : (r.otherName ?? null),
    avatarUrl: r.type === "direct" ? (r.otherAvatar ?? null) : null,
    otherUserId: r.type === "direct" ? (r.otherUserId ?? null) : null,
    communityId: r.communityId,
    lastMessage:
      r.lastMessageId && r.lastMessageAt !== null
        ? { content: r.lastMessagePreview ?? "", senderId: r.lastMessageSenderId, createdAt: r.lastMessageAt }
        : null,
    lastMessageAt: r.lastMessageAt,
    unreadCount: r.unreadCount,
  }));
}

export async function unreadMessagesCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sum(p.unreadCount) })
    .from(p)
    .where(eq(p.userId, userId));
  return Number(row?.total ?? 0);
}
