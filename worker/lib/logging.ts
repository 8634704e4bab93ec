import type { MiddlewareHandler } from "hono";
import { contract } from "../../common/contract";
import { log } from "../../common/log";
import type { HonoEnv } from "../env";

/**
 * Addresses that carry a secret in their path: a password reset link, an invite link (its page and its
 * API), a personal calendar feed (polled by calendar apps all day). The secret segment (`:token`) and
 * whatever follows it is written to the log as [redacted], whether or not a route answers it. Query
 * strings never reach the log (verification and unsubscribe links carry their tokens there).
 */
const secretPaths = [contract.auth.resetPasswordLink.path, contract.invites.open.path, "/invite/:token", "/ics/feed/:token"].map(
  (pattern) => {
    const prefix = pattern.slice(0, pattern.indexOf("/:") + 1);
    return { prefix, redacted: `${prefix}[redacted]` };
  },
);

export function loggablePath(pathname: string): string {
  return secretPaths.find(({ prefix }) => pathname.startsWith(prefix) && pathname.length > prefix.length)?.redacted ?? pathname;
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
