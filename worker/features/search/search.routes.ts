import { Hono } from "hono";
import { search, searchQuery } from "../../../common/contract/search";
import type { HonoEnv } from "../../env";
import { loadCommunityAccess } from "../../lib/community-access";
import { hasMemberAccess } from "../../lib/permissions";
import { respond } from "../../lib/respond";
import { requireUser } from "../../lib/session";
import { validate } from "../../lib/validation";
import { searchCommunity } from "./search.queries";

const empty = { posts: [], members: [], events: [] };

/** Header search: posts, members and events of the current community, for its members only. */
export const searchRoutes = new Hono<HonoEnv>().get("/", validate("query", searchQuery), async (c) => {
  const user = await requireUser(c);
  const { q, communityId } = c.req.valid("query");
  if (!q || !communityId) return respond(c, search.community, empty);
  const access = await loadCommunityAccess(c.env.DB, communityId, user);
  if (!access.community || !hasMemberAccess(access.actor, access.community, access.membership))
    return respond(c, search.community, empty);
  return respond(c, search.community, await searchCommunity(c.env.DB, communityId, q, user.id));
});
