import type { SQLWrapper } from "drizzle-orm";
import type { Context } from "hono";
import { notifications } from "../../../common/contract/notifications";
import type { HonoEnv } from "../../env";
import { commit } from "../../lib/commit";
import type { Db } from "../../lib/db";
import { notFound, unauthenticated } from "../../lib/errors";
import { respond } from "../../lib/respond";
import { requireUser, sessionStatement, sessionToken, sessionUserFrom, sessionUserId, type SessionUser } from "../../lib/session";
import { route } from "../../lib/route";
import { unreadCount } from "../../lib/notification-rows";
import { listNotifications, markAllRead, markRead } from "./notifications.queries";

export const notificationsRoutes = [
  route(notifications.list, async (c) => {
    const user = await requireUser(c);
    return respond(c, notifications.list, await listNotifications(c.var.db, user.id, c.req.valid("query")));
  }),
  route(notifications.unreadCount, async (c) => {
    const user = await requireUser(c);
    const [row] = await unreadCount(c.var.db, user.id, c.req.valid("query").communityId);
    return respond(c, notifications.unreadCount, { count: row?.value ?? 0 });
  }),
  // Reads are one round trip: the session, the update (addressed to the session's user) and the new
  // unread total the user's other tabs are told about.
  route(notifications.readAll, async (c) => {
    const { read, updated } = await markAndCount(c, (db, me) => markAllRead(db, me, c.req.valid("json").communityId));
    return respond(c, notifications.readAll, { count: read(updated).length });
  }),
  route(notifications.read, async (c) => {
    const { read, updated } = await markAndCount(c, (db, me) => markRead(db, me, c.req.valid("param").id));
    if (read(updated).length === 0) throw notFound("Notification not found.");
    return respond(c, notifications.read, { ok: true });
  }),
];

/** Marks notifications read for the session's user; their other tabs learn the new unread total. */
async function markAndCount<M extends ReturnType<typeof markRead>>(c: Context<HonoEnv>, mark: (db: Db, me: SQLWrapper) => M) {
  const token = await sessionToken(c);
  const db = c.var.db;
  const me = sessionUserId(token);
  const session = sessionStatement(db, token);
  const updated = mark(db, me);
  const unread = unreadCount(db, me);
  // The session is read in the batch: its user is known once the frames are made, right after it.
  const caller: { user: SessionUser | null } = { user: null };
  const read = await commit(c, {
    steps: [session, updated, unread],
    frames: (read) => {
      const user = (caller.user = sessionUserFrom(c, read(session)));
      if (!user || read(updated).length === 0) return [];
      return [{ room: "user", id: user.id, event: { type: "notification.unread", count: read(unread)[0]?.value ?? 0 } }];
    },
  });
  if (!caller.user) throw unauthenticated();
  return { read, updated };
}
