import { z } from "zod";
import { notificationTypes } from "../notifications";
import { cursorParam, endpoint, idParam, limitParam, ok, page } from "./http";
import { NOTIFICATIONS_PAGE_MAX, NOTIFICATIONS_PAGE_SIZE } from "./limits";

/** The bell: a person's notifications, their unread counts and marking them read. */

export const listNotificationsQuery = z.object({
  communityId: idParam.optional(),
  cursor: cursorParam,
  limit: limitParam(NOTIFICATIONS_PAGE_MAX, NOTIFICATIONS_PAGE_SIZE),
});

export const unreadCountQuery = z.object({ communityId: idParam.optional() });

export const notificationParams = z.object({ id: idParam });

export const readAllBody = z.object({ communityId: idParam.optional() }).default({});

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

export const notificationPage = page(notificationItem);
export type NotificationPage = z.output<typeof notificationPage>;

const count = z.object({ count: z.number() });

export const notifications = {
  list: endpoint("GET", "/api/notifications", { query: listNotificationsQuery, response: notificationPage }),
  unreadCount: endpoint("GET", "/api/notifications/unread-count", { query: unreadCountQuery, response: count }),
  readAll: endpoint("POST", "/api/notifications/read-all", { body: readAllBody, response: count }),
  read: endpoint("POST", "/api/notifications/:id/read", { params: notificationParams, response: ok }),
};
