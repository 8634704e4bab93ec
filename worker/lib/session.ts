import type { Context } from "hono";
import type { AppEnv, HonoEnv } from "../env";
import { unauthenticated } from "./errors";
import { readSessionToken } from "./session-cookie";
import { refreshSessionIfDue } from "./session-refresh";

export type SessionUser = {
  id: string;
  email: string;
  fullName: string;
  avatarUrl: string | null;
  emailVerified: boolean;
  platformRole: "staff" | null;
};

/** Columns of the session user; `s` is sessions and `u` users. Shared by every session lookup. */
export const sessionUserColumns = "u.id, u.email, u.full_name, u.avatar_url, u.email_verified, u.platform_role";

export type SessionUserRow = {
  id: string;
  email: string;
  full_name: string;
  avatar_url: string | null;
  email_verified: number;
  platform_role: string | null;
};

export const toSessionUser = (r: SessionUserRow): SessionUser => ({
  id: r.id,
  email: r.email,
  fullName: r.full_name,
  avatarUrl: r.avatar_url,
  emailVerified: r.email_verified === 1,
  platformRole: r.platform_role === "staff" ? "staff" : null,
});

/** The live session behind a verified token: one statement, joinable into a route's own batch. */
export function sessionUserStatement(
  d1: D1Database,
  token: string,
  extraColumns = "",
  extraJoins = "",
  extraParams: unknown[] = [],
) {
  return d1
    .prepare(
      `select ${sessionUserColumns}${extraColumns} from sessions s join users u on u.id = s.user_id ${extraJoins}
       where s.token = ?1 and s.expires_at > ?2`,
    )
    .bind(token, Date.now(), ...extraParams);
}

/** The signed-in user behind a request's session cookie, or null. */
export async function getSessionUser(env: AppEnv, headers: Headers): Promise<SessionUser | null> {
  return (await getSession(env, headers))?.user ?? null;
}

/** The user and the session row's id and last refresh, for sliding the session forward. */
async function getSession(env: AppEnv, headers: Headers) {
  const token = await readSessionToken(env, headers);
  if (!token) return null;
  const row = await sessionUserStatement(env.DB, token, ", s.id as session_id, s.updated_at as session_updated_at").first<
    SessionUserRow & { session_id: string; session_updated_at: number }
  >();
  return row ? { user: toSessionUser(row), session: { id: row.session_id, updatedAt: row.session_updated_at } } : null;
}

/** Session user for route handlers, read once per request. */
export async function currentUser(c: Context<HonoEnv>): Promise<SessionUser | null> {
  const cached = c.get("user");
  if (cached !== undefined) return cached;
  const found = await getSession(c.env, c.req.raw.headers);
  if (found) refreshSessionIfDue(c, found.session);
  const user = found?.user ?? null;
  c.set("user", user);
  return user;
}

export async function requireUser(c: Context<HonoEnv>): Promise<SessionUser> {
  const user = await currentUser(c);
  if (!user) throw unauthenticated();
  return user;
}
