import { Hono } from "hono";
import {
  listNotificationsQuery,
  notificationParams,
  notifications,
  readAllBody,
  unreadCountQuery,
} from "../../../common/contract/notifications";
import type { HonoEnv } from "../../env";
import { notFound, unauthenticated } from "../../lib/errors";
import { respond } from "../../lib/respond";
import { publishToUser } from "../../lib/rooms";
import { requireUser, sessionStatement, sessionToken, sessionUserFrom, sessionUserId } from "../../lib/session";
import { validate } from "../../lib/validation";
import { unreadCount } from "../../lib/notification-rows";
import { listNotifications, markAllRead, markRead } from "./notifications.queries";

export const notificationsRoutes = new Hono<HonoEnv>()
  .get("/", validate("query", listNotificationsQuery), async (c) => {
    const user = await requireUser(c);
    return respond(c, notifications.list, await listNotifications(c.var.db, user.id, c.req.valid("query")));
  })
  .get("/unread-count", validate("query", unreadCountQuery), async (c) => {
    const user = await requireUser(c);
    const [row] = await unreadCount(c.var.db, user.id, c.req.valid("query").communityId);
    return respond(c, notifications.unreadCount, { count: row?.value ?? 0 });
  })
  // Reads are one round trip: the session, the update (addressed to the session's user) and the new
  // unread total the user's other tabs are told about.
  .post("/read-all", validate("json", readAllBody), async (c) => {
    const token = await sessionToken(c);
    const db = c.var.db;
    const me = sessionUserId(token);
    const [session, updated, unread] = await db.batch([
      sessionStatement(db, token),
      markAllRead(db, me, c.req.valid("json").communityId),
      unreadCount(db, me),
    ]);
    const user = sessionUserFrom(c, session);
    if (!user) throw unauthenticated();
    const count = updated.length;
    if (count > 0) c.executionCtx.waitUntil(pushUnreadCount(c.env, user.id, unread[0]?.value ?? 0));
    return respond(c, notifications.readAll, { count });
  })
  .post("/:id/read", validate("param", notificationParams), async (c) => {
    const token = await sessionToken(c);
    const db = c.var.db;
    const me = sessionUserId(token);
    const [session, updated, unread] = await db.batch([
      sessionStatement(db, token),
      markRead(db, me, c.req.valid("param").id),
      unreadCount(db, me),
    ]);
    const user = sessionUserFrom(c, session);
    if (!user) throw unauthenticated();
    if (updated.length === 0) throw notFound("Notification not found.");
    c.executionCtx.waitUntil(pushUnreadCount(c.env, user.id, unread[0]?.value ?? 0));
    return respond(c, notifications.read, { ok: true });
  });

/** The user's other tabs learn the new unread total when something is read. */
function pushUnreadCount(env: HonoEnv["Bindings"], userId: string, count: number) {
  return publishToUser(env, userId, { type: "notification.unread", count });
}
