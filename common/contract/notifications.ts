import { z } from "zod";
import { notificationTypes } from "../notifications";
import { cursorParam, endpoint, idParam, limitParam, ok, page } from "./http";
import { NOTIFICATIONS_PAGE_MAX, NOTIFICATIONS_PAGE_SIZE } from "./limits";
import { notificationItem } from "./notification-item";

export * from "./notification-item";

/** The bell: a person's notifications, their unread counts and marking them read. */

export const listNotificationsQuery = z.object({
  communityId: idParam.optional(),
  cursor: cursorParam,
  limit: limitParam(NOTIFICATIONS_PAGE_MAX, NOTIFICATIONS_PAGE_SIZE),
});

export const unreadCountQuery = z.object({ communityId: idParam.optional() });

export const notificationParams = z.object({ id: idParam });

export const readAllBody = z.object({ communityId: idParam.optional() }).default({});

export const notificationPage = page(notificationItem);
export type NotificationPage = z.output<typeof notificationPage>;

const count = z.object({ count: z.number() });

const notificationType = z.enum(notificationTypes, { error: "Unknown notification type." });

/** Each type's two channels; every type is listed, on unless switched off. */
export const typePreference = z.object({ type: notificationType, inApp: z.boolean(), email: z.boolean() });
export const notificationPreferences = z.object({
  /** E-mails folded into one a day instead of one per conversation or post an hour. */
  emailDigest: z.boolean(),
  /** E-mails a community's owner and admins write to its members (broadcasts). */
  broadcastEmail: z.boolean(),
  types: z.array(typePreference),
});
export type NotificationPreferences = z.output<typeof notificationPreferences>;

const typeChange = z
  .object({ type: notificationType, inApp: z.boolean().optional(), email: z.boolean().optional() })
  .refine((t) => t.inApp !== undefined || t.email !== undefined, { message: "Give inApp, email or both.", path: ["inApp"] });

/** Only what changes: a switch or two, or the digest. */
export const updatePreferencesBody = z
  .object({
    emailDigest: z.boolean().optional(),
    broadcastEmail: z.boolean().optional(),
    types: z
      .array(typeChange)
      .max(notificationTypes.length)
      .refine((list) => new Set(list.map((t) => t.type)).size === list.length, { message: "Each type at most once." })
      .optional(),
  })
  .refine((b) => b.emailDigest !== undefined || b.broadcastEmail !== undefined || (b.types?.length ?? 0) > 0, {
    message: "Nothing to change.",
    path: ["types"],
  });
export type UpdatePreferencesBody = z.input<typeof updatePreferencesBody>;

/** The signed token of an e-mail's unsubscribe link (who and which e-mails; no session needed). */
export const unsubscribeQuery = z.object({ token: z.string().trim().min(1, "The link is incomplete.").max(300) });
export const unsubscribeResult = z.object({
  /** The notification type whose e-mails stopped, every type ("ALL"), or the communities' broadcasts. */
  type: z.union([notificationType, z.literal("ALL"), z.literal("BROADCASTS")]),
  email: z.literal(false),
});

export const notifications = {
  list: endpoint("GET", "/api/notifications", { query: listNotificationsQuery, response: notificationPage }),
  unreadCount: endpoint("GET", "/api/notifications/unread-count", { query: unreadCountQuery, response: count }),
  readAll: endpoint("POST", "/api/notifications/read-all", { body: readAllBody, response: count }),
  read: endpoint("POST", "/api/notifications/:id/read", { params: notificationParams, response: ok }),
  preferences: endpoint("GET", "/api/notifications/preferences", { response: notificationPreferences }),
  updatePreferences: endpoint("PATCH", "/api/notifications/preferences", {
    body: updatePreferencesBody,
    response: notificationPreferences,
  }),
  /** One-click unsubscribe (RFC 8058): mail providers post here without a session or an Origin. */
  unsubscribe: endpoint("POST", "/api/notifications/unsubscribe", { query: unsubscribeQuery, response: unsubscribeResult }),
};
