import type { Context, MiddlewareHandler } from "hono";
import { isDevelopment, type AppEnv, type HonoEnv } from "../env";

/**
 * D1 Sessions API: reads may be served by the read replica nearest the user, and the bookmark of the
 * last state a user's requests saw rides in a cookie, so their next request (on any replica) reads at
 * least that state: every user reads their own writes.
 */

/** How long a bookmark stays useful: replicas catch up within seconds, so a few minutes is plenty. */
export const BOOKMARK_MAX_AGE_S = 5 * 60;

/** `__Secure-` outside development, as better-auth names its cookies. */
export const bookmarkCookieName = (env: AppEnv) => (isDevelopment(env) ? "agora.d1_bookmark" : "__Secure-agora.d1_bookmark");

/** D1's bookmark format (`wrangler d1 time-travel info`): three 8-digit and one 32-digit hex group. */
const BOOKMARK_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

export const isBookmark = (value: string | null | undefined): value is string => !!value && BOOKMARK_PATTERN.test(value);

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Where a request's session starts. A write's reads (permission checks, idempotency, counters) must
 * see the newest state, so writes start on the primary, which is never behind any bookmark. Reads
 * start from the user's bookmark, or anywhere when they have none (or sent something that is not one).
 */
export function sessionStart(method: string, bookmark: string | null): string {
  if (!safeMethods.has(method)) return "first-primary";
  return isBookmark(bookmark) ? bookmark : "first-unconstrained";
}

function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

const outsideSession = (what: string) =>
  new Error(`D1 ${what}() is not available inside a request's D1 session; use prepare() or batch().`);

/**
 * A session seen through the D1Database type, so drizzle, the query counter and every `env.DB` caller
 * use it unchanged. exec/dump/withSession would bypass the session's consistency, so they refuse.
 */
export function sessionAsDatabase(session: D1DatabaseSession): D1Database {
  const database: D1Database = {
    prepare: (query: string) => session.prepare(query),
    batch: <T = unknown>(statements: D1PreparedStatement[]) => session.batch<T>(statements),
    exec: () => Promise.reject(outsideSession("exec")),
    dump: () => Promise.reject(outsideSession("dump")),
    withSession: () => {
      throw outsideSession("withSession");
    },
  };
  sessionDatabases.add(database);
  return database;
}

/** Databases that already are a request's session (see sessionAsDatabase). */
const sessionDatabases = new WeakSet<D1Database>();

function bookmarkCookie(c: Context<HonoEnv>, name: string, bookmark: string): string {
  const secure = isDevelopment(c.env) ? "" : "; Secure";
  return `${name}=${bookmark}; Max-Age=${BOOKMARK_MAX_AGE_S}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * Runs the request's D1 work in one session: replaces `c.env.DB` with the session (register it before
 * anything that wraps or reads `c.env.DB`), then sends the session's bookmark back when it moved.
 * On the libSQL engine there is no D1 to replicate, so it stands aside.
 */
export const d1Session = (): MiddlewareHandler<HonoEnv> => async (c, next) => {
  if (c.env.DB_ENGINE === "libsql") return next();
  // A request the worker makes of itself (a page's first screen through the API) reads in the session
  // of the request that made it, and that one sends the bookmark back.
  if (sessionDatabases.has(c.env.DB)) return next();
  const name = bookmarkCookieName(c.env);
  const sent = readCookie(c.req.header("cookie"), name);
  const session = c.env.DB.withSession(sessionStart(c.req.method, sent));
  c.env = { ...c.env, DB: sessionAsDatabase(session) };
  await next();
  // A 101 hands the connection to a room; its headers are no longer ours to change.
  if (c.res.status === 101) return;
  const bookmark = session.getBookmark();
  if (isBookmark(bookmark) && bookmark !== sent) {
    c.res.headers.append("Set-Cookie", bookmarkCookie(c, name, bookmark));
  }
};
