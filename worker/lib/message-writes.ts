import { and, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { blockedBetween, memberCommunityIds } from "./access";
import { notifyMany } from "./commit";
import type { Db } from "./db";
import { tableAs } from "./sql-names";
import { conversationParticipants as cp, conversations, messages, notifications as n } from "./tables";
import { insertInApp, queueMail } from "./notification-delivery";
import { notificationsWhere } from "./notification-rows";

/**
 * What messaging's writes share: the conversation's version as a statement reads it, who a block hides a
 * sender from, and the MESSAGE notifications of a send (the room's writer, worker/lib/message-mirror.ts).
 */

/** The conversation's version, read inside a statement (a read mark never passes it). */
export const currentVersion = (conversationId: string) =>
  sql<number>`(select ${conversations.version} from ${conversations} where ${conversations.id} = ${conversationId})`;

const p = alias(cp, "p");
const g = alias(conversations, "g");

/**
 * Participants of a group on the other side of a block from `userId`: they do not get that person's
 * messages, unread counts or notifications. Empty for a direct chat (a block there stops sending).
 */
export const hiddenFrom = (db: Db, conversationId: string | SQL, userId: SQL) =>
  db
    .select({ userId: p.userId })
    .from(p)
    .innerJoin(g, and(eq(g.id, p.conversationId), eq(g.type, "group")))
    .where(and(eq(p.conversationId, conversationId), ne(p.userId, userId), blockedBetween(p.userId, userId)));

const x = alias(n, "x");

/**
 * MESSAGE notifications, one per recipient and conversation while unread (DESIGN.md "Notification
 * hygiene"): a recipient who already has an unread one sees it updated (latest words and sender, one
 * more in its count); the others get a new one. `skip` are the people not to notify: those looking at
 * the chat and those hidden from the sender. Set-based, so a group of any size is three statements; the
 * fourth, which the commit puts at the end of the batch, reads back what the recipients' open tabs are sent.
 */
export function messageNotifications(
  db: Db,
  opts: {
    conversationId: string;
    communityId: string | null | SQL;
    senderId: string;
    preview: string;
    skip: string[];
    now: number;
    /** Notify nobody when this message is stored already (the write is being applied again). */
    messageId?: string;
  },
) {
  const { conversationId, senderId, now } = opts;
  const skip = JSON.stringify(opts.skip);
  const once = opts.messageId ? sql` and not exists (select 1 from ${messages} where ${messages.id} = ${opts.messageId})` : sql``;
  // Read as the derived table `r` below, whose column is user_id. In a group, only participants whose
  // access to its community is current: one whose paid time ran out (or who was removed) keeps a seat
  // until they leave, and a notification would show them the words their access no longer reads.
  const recipients = sql`(select ${cp.userId} as user_id from ${cp} where ${cp.conversationId} = ${conversationId}
    and ${cp.userId} <> ${senderId} and ${cp.userId} not in (select value from json_each(${skip}))${once}
    and exists (select 1 from ${tableAs(g)} where ${g.id} = ${conversationId}
      and (${g.type} = 'direct' or ${g.communityId} in (${memberCommunityIds(cp.userId)}))))`;
  const update = db
    .update(n)
    .set({
      senderId,
      content: opts.preview,
      createdAt: now,
      data: sql`json_set(coalesce(${n.data}, '{}'), '$.count', coalesce(json_extract(${n.data}, '$.count'), 1) + 1)`,
    })
    .where(
      and(eq(n.type, "MESSAGE"), eq(n.conversationId, conversationId), eq(n.isRead, false), inArray(n.recipientId, recipients)),
    );
  const columns = {
    recipient_id: sql`r.user_id`,
    sender_id: senderId,
    community_id: opts.communityId,
    type: "MESSAGE" as const,
    content: opts.preview,
    conversation_id: conversationId,
    data: '{"count":1}',
  };
  // Every message is queued for mail (mails fold them per conversation); only the first unread one is a new row.
  const mail = queueMail(db, { now, columns, from: sql`from ${recipients} r` });
  const insert = insertInApp(db, {
    now,
    columns,
    from: sql`from ${recipients} r
      where not exists (select 1 from ${tableAs(x)} where ${x.recipientId} = r.user_id and ${x.type} = 'MESSAGE'
        and ${x.conversationId} = ${conversationId} and ${x.isRead} = 0)`,
  });
  const readBack = notificationsWhere(
    db,
    sql`${n.type} = 'MESSAGE' and ${n.conversationId} = ${conversationId} and ${n.isRead} = 0 and ${n.createdAt} = ${now}
      and ${n.senderId} = ${senderId}`,
  );
  return notifyMany([update, mail, insert], readBack);
}
