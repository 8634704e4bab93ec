import { Hono } from "hono";
import type { HonoEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { publishToUser } from "../../lib/rooms";
import { requireUser } from "../../lib/session";
import { validate } from "../../lib/validation";
import { listNotifications, markAllRead, markRead, unreadCount } from "./notifications.queries";
import { listNotificationsQuery, notificationParams, readAllBody, unreadCountQuery } from "./notifications.schemas";

export const notificationsRoutes = new Hono<HonoEnv>()
  .get("/", validate("query", listNotificationsQuery), async (c) => {
    const user = await requireUser(c);
    return c.json(await listNotifications(c.env.DB, user.id, c.req.valid("query")));
  })
  .get("/unread-count", validate("query", unreadCountQuery), async (c) => {
    const user = await requireUser(c);
    return c.json({ count: await unreadCount(c.env.DB, user.id, c.req.valid("query").communityId) });
  })
  .post("/read-all", validate("json", readAllBody), async (c) => {
    const user = await requireUser(c);
    const count = await markAllRead(c.env.DB, user.id, c.req.valid("json").communityId);
    if (count > 0) c.executionCtx.waitUntil(pushUnreadCount(c.env, user.id));
    return c.json({ count });
  })
  .post("/:id/read", validate("param", notificationParams), async (c) => {
    const user = await requireUser(c);
    if (!(await markRead(c.env.DB, user.id, c.req.valid("param").id))) throw notFound("Notification not found.");
    c.executionCtx.waitUntil(pushUnreadCount(c.env, user.id));
    return c.json({ ok: true as const });
  });

/** The user's other tabs learn the new unread total when something is read. */
async function pushUnreadCount(env: HonoEnv["Bindings"], userId: string) {
  await publishToUser(env, userId, { type: "notification.unread", count: await unreadCount(env.DB, userId) });
}
