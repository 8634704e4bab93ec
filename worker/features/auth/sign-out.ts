import { eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import type { HonoEnv } from "../../env";
import { batch } from "../../lib/db";
import { disconnectSessions } from "../../lib/rooms";
import { readSessionToken } from "../../lib/session-cookie";
import { sessions } from "../../lib/tables";
import { userRoomsFrom, userRoomsStatements } from "../../lib/user-rooms";
import { forward } from "./pass-through";

/**
 * Signs this browser out: better-auth deletes the session and clears the cookie, then the sockets the
 * session let in close too, in the person's own room and every community and chat room they may be in.
 * Other browsers of the same person stay connected. The session and its rooms are read before, in one
 * round trip, because once better-auth has deleted the session nothing says whose it was. Expired
 * sessions count too: better-auth deletes them alike, and their sockets may still be open.
 */
export async function signOut(c: Context<HonoEnv>): Promise<Response> {
  const token = await readSessionToken(c.env, c.req.raw.headers);
  // Nothing to read: signing out needs only the session cookie, and without one better-auth answers alone.
  if (!token) return forward(c, { body: {} });
  const db = c.var.db;
  const session = db.select({ id: sessions.id, userId: sessions.userId }).from(sessions).where(eq(sessions.token, token));
  const owner = sql`(select ${sessions.userId} from ${sessions} where ${sessions.token} = ${token})`;
  const rooms = userRoomsStatements(db, owner);
  const read = await batch(db, [session, rooms.communities, rooms.conversations]);
  const response = await forward(c, { body: {} });
  const ended = read(session)[0];
  if (response.ok && ended) {
    const where = userRoomsFrom(read(rooms.communities), read(rooms.conversations));
    c.executionCtx.waitUntil(disconnectSessions(c.env, ended.userId, [ended.id], where));
  }
  return response;
}
