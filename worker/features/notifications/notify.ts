import { sql, type SQL } from "drizzle-orm";
import { newId } from "../../../common/ids";
import type { NotificationData, NotificationType } from "../../../common/notifications";
import type { AppEnv } from "../../env";
import type { Db } from "../../lib/db";
import { publishToUser } from "../../lib/rooms";
import { eventNotifications, notificationsByIds, toWritten, type WrittenNotificationRow } from "./notifications.queries";

export type NewNotification = {
  recipientId: string;
  senderId: string | null;
  communityId: string | null;
  type: NotificationType;
  /** What it quotes of someone's own words (the comment, the post); never text of ours, which is not translated. */
  content?: string;
  postId?: string | null;
  commentId?: string | null;
  eventId?: string | null;
  courseId?: string | null;
  conversationId?: string | null;
  /** The facts the reader's app builds the sentence from (a review decision, a new role). */
  data?: NotificationData | null;
  /** Written only while this SQL condition holds when the batch runs (e.g. the membership it announces exists). */
  onlyIf?: SQL;
};

/** What a notification quotes of a post or comment. */
export const preview = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}...` : text);

/**
 * The insert for one notification, to put in the same batch as the change it announces, so both land
 * together. Returns null for one's own actions: nobody is notified about what they did themselves.
 */
export function notificationInsert(db: Db, n: NewNotification) {
  if (n.senderId !== null && n.senderId === n.recipientId) return null;
  const id = newId();
  const values = sql.join(
    [
      id,
      n.recipientId,
      n.senderId,
      n.communityId,
      n.type,
      n.content ?? "",
      n.postId ?? null,
      n.commentId ?? null,
      n.eventId ?? null,
      n.courseId ?? null,
      n.conversationId ?? null,
      n.data ? JSON.stringify(n.data) : null,
      Date.now(),
    ].map((value) => sql`${value}`),
    sql`, `,
  );
  const columns = sql.raw(
    "id, recipient_id, sender_id, community_id, type, content, post_id, comment_id, event_id, course_id, conversation_id, data, created_at",
  );
  const statement = n.onlyIf
    ? db.run(sql`insert into notifications (${columns}) select ${values} where ${n.onlyIf}`)
    : db.run(sql`insert into notifications (${columns}) values (${values})`);
  return { id, statement };
}

/**
 * The notifications a batch writes, and the statement that reads them back at its end (as the list
 * shows them, with each recipient's unread count) so they can be pushed without another read.
 * `writtenElsewhere` are ids of notifications other statements of the batch may write (a level-up),
 * read back with them when they were.
 */
export function notificationWrites(db: Db, wanted: NewNotification[], writtenElsewhere: string[] = []) {
  const inserts = wanted.map((n) => notificationInsert(db, n)).filter((n) => n !== null);
  const ids = [...inserts.map((n) => n.id), ...writtenElsewhere];
  return {
    statements: inserts.map((n) => n.statement),
    readBack: ids.length > 0 ? notificationsByIds(db, ids) : null,
  };
}

/** After the commit: each recipient's open tabs get the new row (as `readBack` read it) and their new unread count. */
export async function pushNotifications(env: AppEnv, rows: WrittenNotificationRow[] | undefined): Promise<void> {
  await Promise.all(
    toWritten(rows ?? []).map(async ({ recipientId, unread, item }) => {
      await publishToUser(env, recipientId, { type: "notification.created", notification: item });
      await publishToUser(env, recipientId, { type: "notification.unread", count: unread });
    }),
  );
}

/**
 * EVENT_CREATED to every member of the event's community but its creator, as one insert over the
 * membership (a community can have thousands of members), and its read-back for the live push.
 */
export function eventCreatedWrites(db: Db, e: { eventId: string; communityId: string; senderId: string; content: string }) {
  const now = Date.now();
  return {
    statement: db.run(
      sql`insert into notifications (id, recipient_id, sender_id, community_id, type, content, event_id, created_at)
          select lower(hex(randomblob(16))), m.profile_id, ${e.senderId}, ${e.communityId}, 'EVENT_CREATED', ${e.content}, ${e.eventId}, ${now}
          from community_members m where m.community_id = ${e.communityId} and m.profile_id <> ${e.senderId}`,
    ),
    readBack: eventNotifications(db, "EVENT_CREATED", e.eventId),
  };
}
