import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { account, sessionParams } from "../../../common/contract/account";
import type { AppEnv, HonoEnv } from "../../env";
import { batch } from "../../lib/db";
import { notFound, unauthenticated } from "../../lib/errors";
import { respond } from "../../lib/respond";
import { disconnectSessions } from "../../lib/rooms";
import { sessionStatement, sessionToken, sessionUserFrom, sessionUserId } from "../../lib/session";
import { userRoomsFrom, userRoomsStatements } from "../../lib/user-rooms";
import { validate } from "../../lib/validation";

/** The live sockets of signed-out sessions close with them, in every room; other sessions' stay. */
const signedOut = (
  env: AppEnv,
  userId: string,
  sessions: { id: string }[],
  communities: { id: string }[],
  conversations: { id: string }[],
) =>
  disconnectSessions(
    env,
    userId,
    sessions.map((s) => s.id),
    userRoomsFrom(communities, conversations),
  );

type SessionRow = { id: string; user_agent: string | null; created_at: number; updated_at: number; current: number };

/** /api/account/sessions: where the account is signed in, and signing out of them. */
export const accountSessionsRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const session = sessionStatement(db, token);
    const rows = db.all<SessionRow>(
      sql`select id, user_agent, created_at, updated_at, token = ${token} as current from sessions
          where user_id = ${sessionUserId(token)} and expires_at > ${Date.now()}
          order by current desc, updated_at desc limit 100`,
    );
    const read = await batch(db, [session, rows]);
    if (!sessionUserFrom(c, read(session))) throw unauthenticated();
    return respond(c, account.sessions, {
      items: read(rows).map((r) => ({
        id: r.id,
        userAgent: r.user_agent,
        createdAt: r.created_at,
        lastSeenAt: r.updated_at,
        current: r.current === 1,
      })),
    });
  })
  // Before "/:sessionId" so the name is never read as an id.
  .post("/sign-out-others", async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const session = sessionStatement(db, token);
    const removed = db.all<{ id: string }>(
      sql`delete from sessions where user_id = ${sessionUserId(token)} and token <> ${token} returning id`,
    );
    const rooms = userRoomsStatements(db, sessionUserId(token));
    const read = await batch(db, [session, removed, rooms.communities, rooms.conversations]);
    const user = sessionUserFrom(c, read(session));
    if (!user) throw unauthenticated();
    c.executionCtx.waitUntil(signedOut(c.env, user.id, read(removed), read(rooms.communities), read(rooms.conversations)));
    return respond(c, account.signOutOthers, { signedOut: read(removed).length });
  })
  .delete("/:sessionId", validate("param", sessionParams), async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const { sessionId } = c.req.valid("param");
    const session = sessionStatement(db, token);
    const removed = db.all<{ id: string }>(
      sql`delete from sessions where id = ${sessionId} and user_id = ${sessionUserId(token)} returning id`,
    );
    const rooms = userRoomsStatements(db, sessionUserId(token));
    const read = await batch(db, [session, removed, rooms.communities, rooms.conversations]);
    const user = sessionUserFrom(c, read(session));
    if (!user) throw unauthenticated();
    if (read(removed).length === 0) throw notFound("Session not found.");
    c.executionCtx.waitUntil(signedOut(c.env, user.id, read(removed), read(rooms.communities), read(rooms.conversations)));
    return respond(c, account.signOutSession, { ok: true });
  });
