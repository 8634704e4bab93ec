import { and, desc, eq, ne, sql, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { ConversationSummary } from "../../../common/contract/conversations";
import { blockedBetween, memberCommunityIds } from "../../lib/access";
import type { Db } from "../../lib/db";
import { tableAs } from "../../lib/sql-names";
import { conversationParticipants as p, conversations as cv, messages as msg, users as u } from "../../lib/tables";

/** Unread counts stop here: badges read 99+ above 99, so counting further would change nothing shown. */
export const UNREAD_COUNT_CAP = 100;

const um = alias(msg, "um");

/**
 * A participant's unread messages in a conversation, counted when read: messages from others after
 * their read mark, not deleted, and in a group not from someone on the other side of a block. Counting
 * at read time instead of keeping a counter per participant means a send writes no row per participant
 * (a group of 1,000 was 1,000 rows written a message). Capped, so a long-unread chat costs at most
 * UNREAD_COUNT_CAP index steps.
 */
export const unreadMessages = (opts: {
  conversationId: SQLWrapper;
  userId: SQLWrapper;
  lastReadSeq: SQLWrapper;
  type: SQLWrapper;
}) =>
  sql<number>`(select count(*) from (select 1 from ${tableAs(um)} where ${um.conversationId} = ${opts.conversationId}
    and ${um.seq} > ${opts.lastReadSeq} and ${um.senderId} is not null and ${um.senderId} <> ${opts.userId} and ${um.isDeleted} = 0
    and not (${opts.type} = 'group' and ${blockedBetween(opts.userId, um.senderId)})
    limit ${sql.raw(String(UNREAD_COUNT_CAP))}))`;

const unreadOf = unreadMessages({
  conversationId: p.conversationId,
  userId: p.userId,
  lastReadSeq: p.lastReadSeq,
  type: cv.type,
});

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
      unreadCount: unreadOf,
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
    // A group stays in the list only while its community's members-only areas are open to the user. A
    // direct chat nobody has written in yet is only its opener's: the other person learns of it with
    // its first message, not as an empty row from a stranger.
    .where(
      and(
        eq(p.userId, userId),
        sql`(${cv.type} = 'direct' or ${cv.communityId} in (${memberCommunityIds(sql`${userId}`)}))`,
        sql`(${cv.type} <> 'direct' or ${cv.lastMessageId} is not null or ${cv.createdBy} = ${userId})`,
      ),
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
  db
    .select({ total: sql<number | null>`sum(${unreadOf})` })
    .from(p)
    .innerJoin(cv, eq(cv.id, p.conversationId))
    .where(
      and(eq(p.userId, userId), sql`(${cv.type} = 'direct' or ${cv.communityId} in (${memberCommunityIds(sql`${userId}`)}))`),
    );

export async function unreadMessagesCount(db: Db, userId: string): Promise<number> {
  const [row] = await unreadTotal(db, userId);
  return Number(row?.total ?? 0);
}
