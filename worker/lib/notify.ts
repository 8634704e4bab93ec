import { sql, type SQL } from "drizzle-orm";
import { newId } from "../../common/ids";
import type { NotificationData, NotificationType } from "../../common/notifications";
import type { AppEnv } from "../env";
import type { Db } from "./db";
import { publishToUser } from "./rooms";
import { deliver, insertInApp, type Source } from "./notification-delivery";
import { eventNotifications, notificationsByIds, toWritten, type WrittenNotificationRow } from "./notification-rows";

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
  /**
   * Written only while this SQL condition holds when the batch runs (e.g. the membership it announces
   * exists). It is read once per channel, so it must not use `changes()`.
   */
  onlyIf?: SQL;
  /** False where the change mails the person itself (a support answer): the app only, so nothing is mailed twice. */
  email?: false;
};

/** What a notification quotes of a post or comment. */
export const preview = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}...` : text);

/**
 * The statements for one notification, to put in the same batch as the change it announces, so both
 * land together. Returns null for one's own actions: nobody is notified about what they did themselves.
 */
export function notificationInsert(db: Db, n: NewNotification) {
  if (n.senderId !== null && n.senderId === n.recipientId) return null;
  const id = newId();
  const source: Source = {
    now: Date.now(),
    columns: {
      id,
      recipient_id: n.recipientId,
      sender_id: n.senderId,
      community_id: n.communityId,
      type: n.type,
      content: n.content ?? "",
      post_id: n.postId ?? null,
      comment_id: n.commentId ?? null,
      event_id: n.eventId ?? null,
      course_id: n.courseId ?? null,
      conversation_id: n.conversationId ?? null,
      data: n.data ? JSON.stringify(n.data) : null,
    },
    from: n.onlyIf ? sql`where ${n.onlyIf}` : undefined,
  };
  const statements = n.email === false ? [insertInApp(db, source)] : deliver(db, source);
  return { id, statements };
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
    statements: inserts.flatMap((n) => n.statements),
    readBack: ids.length > 0 ? notificationsByIds(db, ids) : null,
  };
}

/** How many user rooms a fan-out reaches at once: a community-wide one goes out in waves, not one burst. */
export const PUSH_WAVE = 50;

/** After the commit: each recipient's open tabs get the new row (as `readBack` read it) and their new unread count. */
export async function pushNotifications(env: AppEnv, rows: WrittenNotificationRow[] | undefined): Promise<void> {
  const written = toWritten(rows ?? []);
  for (let start = 0; start < written.length; start += PUSH_WAVE) {
    await Promise.all(
      written.slice(start, start + PUSH_WAVE).map(async ({ recipientId, unread, item }) => {
        await publishToUser(env, recipientId, { type: "notification.created", notification: item });
        await publishToUser(env, recipientId, { type: "notification.unread", count: unread });
      }),
    );
  }
}

/**
 * EVENT_CREATED to every member of the event's community but its creator, as one set-based write over
 * the membership (a community can have thousands of members), and its read-back for the live push.
 */
export function eventCreatedWrites(db: Db, e: { eventId: string; communityId: string; senderId: string; content: string }) {
  return {
    statements: deliver(db, {
      now: Date.now(),
      columns: {
        recipient_id: sql`m.profile_id`,
        sender_id: e.senderId,
        community_id: e.communityId,
        type: "EVENT_CREATED",
        content: e.content,
        event_id: e.eventId,
      },
      from: sql`from community_members m where m.community_id = ${e.communityId} and m.profile_id <> ${e.senderId}`,
    }),
    readBack: eventNotifications(db, "EVENT_CREATED", e.eventId),
  };
}
