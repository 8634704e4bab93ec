import { newId } from "../../../common/ids";
import type { NotificationType } from "../../../common/notifications";
import type { AppEnv } from "../../env";
import { publishToUser } from "../../lib/rooms";
import { listNotificationsByIds } from "./notifications.queries";

export type NewNotification = {
  recipientId: string;
  senderId: string | null;
  communityId: string | null;
  type: NotificationType;
  /** With a sender name the stored title reads as a sentence: "Ana Kapanadze liked your post". */
  title: string;
  senderName?: string;
  content?: string;
  postId?: string | null;
  commentId?: string | null;
  eventId?: string | null;
  courseId?: string | null;
  conversationId?: string | null;
  /** Structured facts the web app turns into a translated sentence (e.g. a review decision). */
  data?: Record<string, string> | null;
  /** Written only while this SQL condition holds when the batch runs (e.g. the membership it announces exists). */
  onlyIf?: { sql: string; params: unknown[] };
};

/**
 * The insert for one notification, to put in the same batch as the change it announces, so both land
 * together. Returns null for one's own actions: nobody is notified about what they did themselves.
 */
export function notificationInsert(d1: D1Database, n: NewNotification): { id: string; statement: D1PreparedStatement } | null {
  if (n.senderId !== null && n.senderId === n.recipientId) return null;
  const id = newId();
  const values = [
    id,
    n.recipientId,
    n.senderId,
    n.communityId,
    n.type,
    n.senderName ? `${n.senderName} ${n.title}` : n.title,
    n.content ?? "",
    n.postId ?? null,
    n.commentId ?? null,
    n.eventId ?? null,
    n.courseId ?? null,
    n.conversationId ?? null,
    n.data ? JSON.stringify(n.data) : null,
    Date.now(),
  ];
  const columns =
    "id, recipient_id, sender_id, community_id, type, title, content, post_id, comment_id, event_id, course_id, conversation_id, data, created_at";
  const placeholders = values.map(() => "?").join(", ");
  const statement = n.onlyIf
    ? d1
        .prepare(`insert into notifications (${columns}) select ${placeholders} where ${n.onlyIf.sql}`)
        .bind(...values, ...n.onlyIf.params)
    : d1.prepare(`insert into notifications (${columns}) values (${placeholders})`).bind(...values);
  return { id, statement };
}

/** After the commit: each recipient's open tabs get the new row and their new unread count. */
export async function pushNotifications(env: AppEnv, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await listNotificationsByIds(env.DB, ids);
  await Promise.all(
    rows.map(async ({ recipientId, unread, item }) => {
      await publishToUser(env, recipientId, { type: "notification.created", notification: item });
      await publishToUser(env, recipientId, { type: "notification.unread", count: unread });
    }),
  );
}
