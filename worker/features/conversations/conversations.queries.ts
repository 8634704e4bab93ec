import { and, desc, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { ConversationSummary } from "../../../common/contract/conversations";
import { blockedBetween, memberCommunityIds } from "../../lib/access";
import type { Db } from "../../lib/db";
import { conversationParticipants as p, conversations as cv, messages as msg, users as u } from "../../lib/tables";

/** The user's conversations, most recent activity first, with the other participant of direct chats. */
export async function listConversationSummaries(db: Db, userId: string, limit: number): Promise<ConversationSummary[]> {
  const other = alias(p, "other");
  const otherUser = alias(u, "other_user");
  const lastMessage = alias(msg, "last_message");
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
      lastType: lastMessage.messageType,
      lastDeleted: lastMessage.isDeleted,
      // A group's last message from someone on the other side of a block is not previewed.
      lastHidden: sql<number>`(${cv.type} = 'group' and ${blockedBetween(sql`${userId}`, cv.lastMessageSenderId)})`,
      otherName: otherUser.fullName,
      otherAvatar: otherUser.avatarUrl,
    })
    .from(p)
    .innerJoin(cv, eq(cv.id, p.conversationId))
    .leftJoin(other, and(eq(cv.type, "direct"), eq(other.conversationId, cv.id), ne(other.userId, userId)))
    .leftJoin(otherUser, eq(otherUser.id, other.userId))
    .leftJoin(lastMessage, eq(lastMessage.id, cv.lastMessageId))
    // A group stays in the list only while its community's members-only areas are open to the user.
    .where(
      and(eq(p.userId, userId), sql`(${cv.type} = 'direct' or ${cv.communityId} in (${memberCommunityIds(sql`${userId}`)}))`),
    )
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
      r.lastMessageId && r.lastMessageAt !== null && !r.lastHidden
        ? {
            content: r.lastDeleted ? "" : (r.lastMessagePreview ?? ""),
            senderId: r.lastMessageSenderId,
            createdAt: r.lastMessageAt,
            messageType: r.lastType ?? "text",
            isDeleted: r.lastDeleted ?? false,
          }
        : null,
    lastMessageAt: r.lastMessageAt,
    unreadCount: r.unreadCount,
  }));
}

/**
 * Unread messages across the user's conversations (the header badge), counting only conversations the
 * list shows: a statement, so a write can read it in its own batch.
 */
export const unreadTotal = (db: Db, userId: string) =>
  db.all<{ total: number | null }>(
    sql`select sum(p.unread_count) as total from conversation_participants p join conversations cv on cv.id = p.conversation_id
      where p.user_id = ${userId} and (cv.type = 'direct' or cv.community_id in (${memberCommunityIds(sql`${userId}`)}))`,
  );

export async function unreadMessagesCount(db: Db, userId: string): Promise<number> {
  const [row] = await unreadTotal(db, userId);
  return Number(row?.total ?? 0);
}
