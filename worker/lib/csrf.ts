import type { MiddlewareHandler } from "hono";
import type { HonoEnv } from "../env";
import { AppError } from "./errors";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cookie-authenticated writes must come from our own pages: the Origin (or, failing that, the
 * Referer) has to be this site. SameSite=Lax cookies already stop most cross-site posts; this closes
 * the rest (same-site subdomains, old browsers). `except` are paths that take no cookie and carry
 * their own proof (a signed token), which other sites must be able to post to.
 */
export const sameOriginWrites =
  (options: { except?: readonly string[] } = {}): MiddlewareHandler<HonoEnv> =>
  async (c, next) => {
    if (!safeMethods.has(c.req.method) && !options.except?.includes(c.req.path)) {
      const allowed = new Set([new URL(c.req.url).origin, new URL(c.env.APP_URL).origin]);
      const origin = c.req.header("origin") ?? originOf(c.req.header("referer"));
      if (!origin || !allowed.has(origin)) {
        throw new AppError("FORBIDDEN", "Cross-site requests are not allowed.");
      }
    }
    await next();
  };

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
