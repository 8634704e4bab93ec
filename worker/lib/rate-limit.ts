import { sql, type SQLWrapper } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import type { HonoEnv } from "../env";
import type { Db } from "./db";
import { AppError } from "./errors";

export type RateLimitRule = { name: string; limit: number; windowMs: number };

/** Limits per action. Windows are fixed; counters live in D1 so every isolate and location shares them. */
export const rateLimitRules = {
  signIn: { name: "sign-in", limit: 10, windowMs: 10 * 60_000 },
  signUp: { name: "sign-up", limit: 5, windowMs: 60 * 60_000 },
  passwordReset: { name: "password-reset", limit: 5, windowMs: 15 * 60_000 },
  communityCreate: { name: "community-create", limit: 5, windowMs: 24 * 60 * 60_000 },
  uploads: { name: "uploads", limit: 60, windowMs: 10 * 60_000 },
  posting: { name: "posting", limit: 30, windowMs: 10 * 60_000 },
  messaging: { name: "messaging", limit: 60, windowMs: 60_000 },
  // A person liking their way down a long feed stays far below it; a script toggling a like hits it in seconds.
  likes: { name: "likes", limit: 300, windowMs: 5 * 60_000 },
} satisfies Record<string, RateLimitRule>;

export function clientIp(c: Context): string {
  return c.req.header("cf-connecting-ip") ?? "unknown";
}

/**
 * Counts one hit for `subject` (a value, or an SQL expression such as the session's user id, so the
 * hit can ride in the same batch as the session lookup): one statement whose upsert restarts an
 * expired window or increments the current one atomically. No subject (a null expression) counts nothing.
 */
export function hitStatement(db: Db, rule: RateLimitRule, subject: string | SQLWrapper, now = Date.now()) {
  const windowStart = now - (now % rule.windowMs);
  const key = sql`${`${rule.name}:`} || ${subject}`;
  return db.get<{ count: number } | undefined>(
    sql`insert into rate_limits (key, window_start, count) select ${key}, ${windowStart}, 1 where ${key} is not null
        on conflict(key) do update set
          count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
          window_start = excluded.window_start
        returning count`,
  );
}

/** 429 with Retry-After once the window's limit is passed (`row` is what `hitStatement` returned). */
export function assertUnderLimit(rule: RateLimitRule, row: { count: number } | undefined, now = Date.now()) {
  if (!row || row.count <= rule.limit) return;
  const windowStart = now - (now % rule.windowMs);
  const retryAfter = Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000));
  throw new AppError("RATE_LIMITED", `Too many attempts. Please try again in ${retryAfter} seconds.`, {
    headers: { "Retry-After": String(retryAfter) },
  });
}

/** One hit on its own. */
export async function hit(db: Db, rule: RateLimitRule, subject: string, now = Date.now()): Promise<void> {
  assertUnderLimit(rule, await hitStatement(db, rule, subject, now), now);
}

/** Middleware form, keyed by the client's address (cf-connecting-ip). */
export const rateLimitByIp =
  (rule: RateLimitRule): MiddlewareHandler<HonoEnv> =>
  async (c, next) => {
    await hit(c.var.db, rule, clientIp(c));
    await next();
  };
