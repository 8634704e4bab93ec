import type { Context, MiddlewareHandler } from "hono";
import type { HonoEnv } from "../env";
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
} satisfies Record<string, RateLimitRule>;

export function clientIp(c: Context): string {
  return c.req.header("cf-connecting-ip") ?? "unknown";
}

/**
 * Counts one hit for `subject` and throws 429 with Retry-After once the window's limit is passed.
 * One statement: the upsert restarts an expired window or increments the current one atomically.
 */
export async function hit(db: D1Database, rule: RateLimitRule, subject: string, now = Date.now()): Promise<void> {
  const key = `${rule.name}:${subject}`;
  const windowStart = now - (now % rule.windowMs);
  const row = await db
    .prepare(
      `insert into rate_limits (key, window_start, count) values (?1, ?2, 1)
       on conflict(key) do update set
         count = case when rate_limits.window_start = ?2 then rate_limits.count + 1 else 1 end,
         window_start = ?2
       returning count`,
    )
    .bind(key, windowStart)
    .first<{ count: number }>();
  if (row && row.count > rule.limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000));
    throw new AppError("RATE_LIMITED", `Too many attempts. Please try again in ${retryAfter} seconds.`, {
      headers: { "Retry-After": String(retryAfter) },
    });
  }
}

/** Middleware form, keyed by the client's address (cf-connecting-ip). */
export const rateLimitByIp =
  (rule: RateLimitRule): MiddlewareHandler<HonoEnv> =>
  async (c, next) => {
    await hit(c.env.DB, rule, clientIp(c));
    await next();
  };
