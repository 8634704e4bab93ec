import { and, desc, eq, ne, sql } from "drizzle-orm";
import { account } from "../../../common/contract/account";
import type { AppEnv } from "../../env";
import { batch } from "../../lib/db";
import { notFound, unauthenticated } from "../../lib/errors";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { disconnectSessions } from "../../lib/rooms";
import { sessionStatement, sessionToken, sessionUserFrom, sessionUserId } from "../../lib/session";
import { sessions } from "../../lib/tables";
import { userRoomsFrom, userRoomsStatements } from "../../lib/user-rooms";

/** The live sockets of signed-out sessions close with them, in every room; other sessions' stay. */
const signedOut = (
  env: AppEnv,
  userId: string,
  signedOutSessions: { id: string }[],
  communities: { id: string }[],
  conversations: { id: string }[],
) =>
  disconnectSessions(
    env,
    userId,
    signedOutSessions.map((s) => s.id),
    userRoomsFrom(communities, conversations),
  );

/** /api/account/sessions: where the account is signed in, and signing out of them. */
export const accountSessionsRoutes = [
  route(account.sessions, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const session = sessionStatement(db, token);
    const current = sql`${sessions.token} = ${token}`;
    const rows = db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        updatedAt: sessions.updatedAt,
        current: current.mapWith(Boolean),
      })
      .from(sessions)
      .where(and(eq(sessions.userId, sessionUserId(token)), sql`${sessions.expiresAt} > ${Date.now()}`))
      .orderBy(desc(current), desc(sessions.updatedAt))
      .limit(100);
    const read = await batch(db, [session, rows]);
    if (!sessionUserFrom(c, read(session))) throw unauthenticated();
    return respond(c, account.sessions, {
      items: read(rows).map((r) => ({
        id: r.id,
        userAgent: r.userAgent,
        createdAt: r.createdAt.getTime(),
        lastSeenAt: r.updatedAt.getTime(),
        current: r.current,
      })),
    });
  }),
  // Before "/:sessionId" so the name is never read as an id.
  route(account.signOutOthers, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const session = sessionStatement(db, token);
    const removed = db
      .delete(sessions)
      .where(and(eq(sessions.userId, sessionUserId(token)), ne(sessions.token, token)))
      .returning({ id: sessions.id });
    const rooms = userRoomsStatements(db, sessionUserId(token));
    const read = await batch(db, [session, removed, rooms.communities, rooms.conversations]);
    const user = sessionUserFrom(c, read(session));
    if (!user) throw unauthenticated();
    c.executionCtx.waitUntil(signedOut(c.env, user.id, read(removed), read(rooms.communities), read(rooms.conversations)));
    return respond(c, account.signOutOthers, { signedOut: read(removed).length });
  }),
  route(account.signOutSession, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const { sessionId } = c.req.valid("param");
    const session = sessionStatement(db, token);
    const removed = db
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, sessionUserId(token))))
      .returning({ id: sessions.id });
    const rooms = userRoomsStatements(db, sessionUserId(token));
    const read = await batch(db, [session, removed, rooms.communities, rooms.conversations]);
    const user = sessionUserFrom(c, read(session));
    if (!user) throw unauthenticated();
    if (read(removed).length === 0) throw notFound("Session not found.");
    c.executionCtx.waitUntil(signedOut(c.env, user.id, read(removed), read(rooms.communities), read(rooms.conversations)));
    return respond(c, account.signOutSession, { ok: true });
  }),
];
