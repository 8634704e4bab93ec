import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Context } from "hono";
import { DEFAULT_LANGUAGE, isLanguage } from "../../common/contract/enums";
import type { HonoEnv } from "../env";
import type { Db } from "./db";
import { unauthenticated } from "./errors";
import { readSessionToken } from "./session-cookie";
import { refreshSessionIfDue } from "./session-refresh";
import type { SessionUser } from "./session-user";
import { selectAs, tableAs, type LeftJoined, type SelectAsRow } from "./sql-names";
import { sessions, users } from "./tables";

export type { SessionUser };

/** The session (`s`) and its user (`su`), as `sessionFrom` joins them. */
export const liveSession = alias(sessions, "s");
export const sessionUser = alias(users, "su");
const su = sessionUser;

const sessionFields = {
  su_id: su.id,
  su_email: su.email,
  su_full_name: su.fullName,
  su_avatar_url: su.avatarUrl,
  su_email_verified: su.emailVerified,
  su_platform_role: su.platformRole,
  su_language: su.language,
  s_id: liveSession.id,
  s_updated_at: liveSession.updatedAt,
};

/**
 * The session's columns, prefixed so they never collide with a route's own. Any statement that joins
 * them (see `sessionFrom`) can select these and hand its row to `sessionUserFrom`.
 */
export const sessionColumns = selectAs(sessionFields);

/** Null throughout when the session was not there (an optional `sessionFrom`). */
export type SessionColumns = LeftJoined<SelectAsRow<typeof sessionFields>>;

/**
 * The live session behind a token and its user, as the start of a FROM clause. `required` joins
 * exclude the row without a session (the route answers 401); optional ones keep it for guests.
 */
export function sessionFrom(token: string | null, opts: { required: boolean }): SQL {
  const s = liveSession;
  const live = sql`${s.token} = ${token ?? ""} and ${s.expiresAt} > ${Date.now()}`;
  return opts.required
    ? sql`${tableAs(s)} join ${tableAs(su)} on ${su.id} = ${s.userId} and ${live}`
    : sql`(select 1) left join ${tableAs(s)} on ${live} left join ${tableAs(su)} on ${su.id} = ${s.userId}`;
}

const ss = alias(sessions, "ss");

/**
 * The session's user id as an SQL value (null when the session is missing or expired), for statements
 * that run in the same batch as the session lookup and so cannot know the id yet.
 */
export const sessionUserId = (token: string): SQL =>
  sql`(select ${ss.userId} from ${tableAs(ss)} where ${ss.token} = ${token} and ${ss.expiresAt} > ${Date.now()})`;

/**
 * Who is looking: a user id, or the session token when the statement runs in the same round trip as
 * the session lookup (the id is then read from the session inside the statement).
 */
export type Viewer = { id: string } | { token: string };
export const viewerSql = (viewer: Viewer): SQL => ("id" in viewer ? sql`${viewer.id}` : sessionUserId(viewer.token));

/** The user of a row that selected `sessionColumns`, or null when the session was not there. */
export function toSessionUser(r: SessionColumns | null | undefined): SessionUser | null {
  if (!r?.su_id) return null;
  return {
    id: r.su_id,
    email: r.su_email ?? "",
    fullName: r.su_full_name ?? "",
    avatarUrl: r.su_avatar_url,
    emailVerified: r.su_email_verified === 1,
    platformRole: r.su_platform_role === "staff" ? "staff" : null,
    language: isLanguage(r.su_language) ? r.su_language : DEFAULT_LANGUAGE,
  };
}

/** Takes the session out of a route's own row: remembers the user for the request and slides the session. */
export function sessionUserFrom(c: Context<HonoEnv>, row: SessionColumns | null | undefined): SessionUser | null {
  const user = toSessionUser(row);
  if (user && row?.s_id && row.s_updated_at !== null) refreshSessionIfDue(c, { id: row.s_id, updatedAt: row.s_updated_at });
  c.set("user", user);
  return user;
}

/** The session and its user alone: one statement. */
export const sessionStatement = (db: Db, token: string) =>
  db.get<SessionColumns | undefined>(sql`select ${sessionColumns} from ${sessionFrom(token, { required: true })}`);

/** The verified session token of the request; 401 without one (before any database work). */
export async function sessionToken(c: Context<HonoEnv>): Promise<string> {
  const token = await readSessionToken(c.env, c.req.raw.headers);
  if (!token) throw unauthenticated();
  return token;
}

/** Session user for route handlers, read once per request. */
export async function currentUser(c: Context<HonoEnv>): Promise<SessionUser | null> {
  const cached = c.get("user");
  if (cached !== undefined) return cached;
  const token = await readSessionToken(c.env, c.req.raw.headers);
  return sessionUserFrom(c, token ? await sessionStatement(c.var.db, token) : null);
}

export async function requireUser(c: Context<HonoEnv>): Promise<SessionUser> {
  const user = await currentUser(c);
  if (!user) throw unauthenticated();
  return user;
}
