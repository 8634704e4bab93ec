import { Hono } from "hono";
import { z } from "zod";
import type { HonoEnv } from "../../env";
import { loadCommunityAccess } from "../../lib/community-access";
import { idParam } from "../../../common/contract/http";
import { hasMemberAccess } from "../../lib/permissions";
import { requireUser } from "../../lib/session";
import { validate } from "../../lib/validation";
import { searchCommunity } from "./search.queries";

const searchQuery = z.object({
  q: z.string().trim().max(100, "Search text must be at most 100 characters").default(""),
  communityId: idParam.optional(),
});

const empty = { posts: [], members: [], events: [] };

/** Header search: posts, members and events of the current community, for its members only. */
export const searchRoutes = new Hono<HonoEnv>().get("/", validate("query", searchQuery), async (c) => {
  const user = await requireUser(c);
  const { q, communityId } = c.req.valid("query");
  if (!q || !communityId) return c.json(empty);
  const access = await loadCommunityAccess(c.env.DB, communityId, user);
  if (!access.community || !hasMemberAccess(access.actor, access.community, access.membership)) return c.json(empty);
  return c.json(await searchCommunity(c.env.DB, communityId, q, user.id));
});
