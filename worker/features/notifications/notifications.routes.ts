import { Hono } from "hono";
import type { HonoEnv } from "../../env";
import { notFound } from "../../lib/errors";
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
    return c.json({ count: await markAllRead(c.env.DB, user.id, c.req.valid("json").communityId) });
  })
  .post("/:id/read", validate("param", notificationParams), async (c) => {
    const user = await requireUser(c);
    if (!(await markRead(c.env.DB, user.id, c.req.valid("param").id))) throw notFound("Notification not found.");
    return c.json({ ok: true as const });
  });
