import type { MiddlewareHandler } from "hono";
import { log } from "../../common/log";
import type { HonoEnv } from "../env";

/** Paths whose trailing segments are secrets (reset tokens); they are never written to logs. */
const secretPathPrefixes = ["/api/auth/reset-password/", "/api/auth/verify-email"];

export function loggablePath(pathname: string): string {
  for (const prefix of secretPathPrefixes) {
    if (pathname.startsWith(prefix)) return `${prefix}[redacted]`;
  }
  return pathname;
}

/** Gives every request an id (Cloudflare's ray id when present), echoes it and logs one line per request. */
export const requestContext = (): MiddlewareHandler<HonoEnv> => async (c, next) => {
  const requestId = c.req.header("cf-ray") ?? crypto.randomUUID();
  c.set("requestId", requestId);
  const started = Date.now();
  await next();
  if (c.res.status !== 101) {
    c.res.headers.set("X-Request-Id", requestId);
  }
  // Tests would drown in access lines; errors are still logged there.
  if (c.env.APP_ENV === "test") return;
  // Query strings are left out on purpose: verification and reset links carry tokens there.
  log("info", "request", {
    requestId,
    method: c.req.method,
    path: loggablePath(new URL(c.req.url).pathname),
    status: c.res.status,
    ms: Date.now() - started,
  });
};
