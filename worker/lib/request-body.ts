import type { MiddlewareHandler } from "hono";
import { isDevelopment, type HonoEnv } from "../env";

/**
 * Releases a request body the worker answered without reading (a 401 before the JSON is parsed, an
 * unknown path, a body on a route that takes none). Under the local dev server an unread body leaves
 * the rest of the upload pending on a pooled connection, and the next request sent over it, from any
 * client, fails; only reading the body to its end frees the connection there (cancelling does not).
 * Elsewhere cancelling is enough and costs nothing.
 */
export const releaseUnreadBody = (): MiddlewareHandler<HonoEnv> => async (c, next) => {
  try {
    await next();
  } finally {
    const request = c.req.raw;
    if (request.body && !request.bodyUsed && !request.body.locked) {
      await (isDevelopment(c.env) ? request.arrayBuffer() : request.body.cancel()).catch(() => undefined);
    }
  }
};
