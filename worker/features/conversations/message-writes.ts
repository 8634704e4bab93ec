import { sql, type SQL } from "drizzle-orm";
import { blockedBetween } from "../../lib/access";
import { notifyMany } from "../../lib/commit";
import type { Db } from "../../lib/db";
import { notifications as n } from "../../lib/tables";
import { insertInApp, queueMail } from "../../lib/notification-delivery";
import { notificationsWhere } from "../../lib/notification-rows";

/**
 * The statements messaging writes with, shared by send, edit, delete and react: each change takes the
 * conversation's next version, and the message carries it.
 */

/** Takes the conversation's next version; statements after it in the batch read it with `currentVersion`. */
export const nextVersion = (db: Db, conversationId: string, extra?: SQL) =>
  db.run(sql`update conversations set version = version + 1 ${extra ? sql`, ${extra}` : sql``} where id = ${conversationId}`);

export const currentVersion = (conversationId: string) => sql`(select version from conversations where id = ${conversationId})`;

/** Marks a message changed at the conversation's current version. */
export const touchMessage = (db: Db, messageId: string, conversationId: string, set: SQL, now: number) =>
  db.run(
    sql`update messages set ${set}, version = ${currentVersion(conversationId)}, updated_at = ${now} where id = ${messageId}`,
  );

/**
 * Participants of a group on the other side of a block from `userId`: they do not get that person's
 * messages, unread counts or notifications. Empty for a direct chat (a block there stops sending).
 */
export const hiddenFrom = (db: Db, conversationId: string | SQL, userId: SQL) =>
  db.all<{ user_id: string }>(
    sql`select p.user_id from conversation_participants p join conversations g on g.id = p.conversation_id and g.type = 'group'
      where p.conversation_id = ${conversationId} and p.user_id <> ${userId} and ${blockedBetween(sql.raw("p.user_id"), userId)}`,
  );

/**
 * MESSAGE notifications, one per recipient and conversation while unread (DESIGN.md "Notification
 * hygiene"): a recipient who already has an unread one sees it updated (latest words and sender, one
 * more in its count); the others get a new one. `skip` are the people not to notify: those looking at
 * the chat and those hidden from the sender. Set-based, so a group of any size is three statements; the
 * fourth, which the commit puts at the end of the batch, reads back what the recipients' open tabs are sent.
 */
export function messageNotifications(
  db: Db,
  opts: { conversationId: string; communityId: string | null; senderId: string; preview: string; skip: string[]; now: number },
) {
  const { conversationId, senderId, now } = opts;
  const skip = JSON.stringify(opts.skip);
  const recipients = sql`(select user_id from conversation_participants where conversation_id = ${conversationId}
    and user_id <> ${senderId} and user_id not in (select value from json_each(${skip})))`;
  const update = db.run(
    sql`update notifications set sender_id = ${senderId}, content = ${opts.preview}, created_at = ${now},
        data = json_set(coalesce(data, '{}'), '$.count', coalesce(json_extract(data, '$.count'), 1) + 1)
      where type = 'MESSAGE' and conversation_id = ${conversationId} and is_read = 0 and recipient_id in ${recipients}`,
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
      where not exists (select 1 from notifications x where x.recipient_id = r.user_id and x.type = 'MESSAGE'
        and x.conversation_id = ${conversationId} and x.is_read = 0)`,
  });
  const readBack = notificationsWhere(
    db,
    sql`${n.type} = 'MESSAGE' and ${n.conversationId} = ${conversationId} and ${n.isRead} = 0 and ${n.createdAt} = ${now}
      and ${n.senderId} = ${senderId}`,
  );
  return notifyMany([update, mail, insert], readBack);
}
