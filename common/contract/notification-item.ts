import { z } from "zod";
import { notificationTypes } from "../notifications";

/**
 * A notification as the person's lists show it: the list endpoint answers pages of it (./notifications)
 * and the user's room sends each new one live in this same shape (../realtime-protocol), so the bell puts
 * a live one into its lists as it came. Apart from the notifications' endpoints so that the realtime
 * protocol makes this schema only, not every endpoint's (the browser makes them as a page starts).
 */
export const notificationItem = z.object({
  id: z.string(),
  type: z.enum(notificationTypes),
  /** What it quotes of someone's words (a comment, a message); the sentence is the reader's app's to write. */
  content: z.string(),
  isRead: z.boolean(),
  createdAt: z.number(),
  sender: z.object({ id: z.string(), fullName: z.string(), avatarUrl: z.string().nullable() }).nullable(),
  community: z.object({ id: z.string(), name: z.string() }).nullable(),
  postId: z.string().nullable(),
  commentId: z.string().nullable(),
  eventId: z.string().nullable(),
  courseId: z.string().nullable(),
  conversationId: z.string().nullable(),
  /** The facts the sentence is written from (NotificationData), e.g. `{ kind: "review", decision: "approve" }`. */
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type NotificationItem = z.output<typeof notificationItem>;
