import { Hono } from "hono";
import {
  listNotificationsQuery,
  notificationParams,
  notifications,
  readAllBody,
  unreadCountQuery,
} from "../../../common/contract/notifications";
import type { HonoEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { respond } from "../../lib/respond";
import { publishToUser } from "../../lib/rooms";
import { requireUser } from "../../lib/session";
import { validate } from "../../lib/validation";
import { listNotifications, markAllRead, markRead, unreadCount } from "./notifications.queries";

export const notificationsRoutes = new Hono<HonoEnv>()
  .get("/", validate("query", listNotificationsQuery), async (c) => {
    const user = await requireUser(c);
    return respond(c, notifications.list, await listNotifications(c.env.DB, user.id, c.req.valid("query")));
  })
  .get("/unread-count", validate("query", unreadCountQuery), async (c) => {
    const user = await requireUser(c);
    return respond(c, notifications.unreadCount, {
      count: await unreadCount(c.env.DB, user.id, c.req.valid("query").communityId),
    });
  })
  .post("/read-all", validate("json", readAllBody), async (c) => {
    const user = await requireUser(c);
    const count = await markAllRead(c.env.DB, user.id, c.req.valid("json").communityId);
    if (count > 0) c.executionCtx.waitUntil(pushUnreadCount(c.env, user.id));
    return respond(c, notifications.readAll, { count });
  })
  .post("/:id/read", validate("param", notificationParams), async (c) => {
    const user = await requireUser(c);
    if (!(await markRead(c.env.DB, user.id, c.req.valid("param").id))) throw notFound("Notification not found.");
    c.executionCtx.waitUntil(pushUnreadCount(c.env, user.id));
    return respond(c, notifications.read, { ok: true });
  });

/** The user's other tabs learn the new unread total when something is read. */
async function pushUnreadCount(env: HonoEnv["Bindings"], userId: string) {
  await publishToUser(env, userId, { type: "notification.unread", count: await unreadCount(env.DB, userId) });
}
