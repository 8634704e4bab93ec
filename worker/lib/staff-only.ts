import type { MiddlewareHandler } from "hono";
import type { HonoEnv } from "../env";
import { notFound } from "./errors";
import { canReview } from "./permissions";
import { requireUser } from "./session";

/** The staff console (/api/admin/…) is staff's alone: everyone else gets 404. */
export const staffOnly: MiddlewareHandler<HonoEnv> = async (c, next) => {
  const user = await requireUser(c);
  if (!canReview({ userId: user.id, platformRole: user.platformRole })) throw notFound("Not found.");
  await next();
};
