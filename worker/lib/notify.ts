import { sql, type SQL } from "drizzle-orm";
import { newId } from "../../common/ids";
import type { NotificationData, NotificationType } from "../../common/notifications";
import type { Db } from "./db";
import { deliver, insertInApp, type Source } from "./notification-delivery";

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
 * land together (features ask for it with commit.ts's `notify`). Returns null for one's own actions: nobody is notified about what they did themselves.
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
