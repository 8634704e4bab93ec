import { Hono } from "hono";
import { search, searchQuery } from "../../../common/contract/search";
import type { HonoEnv } from "../../env";
import { viewerOf } from "../../lib/access";
import { unauthenticated } from "../../lib/errors";
import { hasMemberAccess } from "../../lib/permissions";
import { respond } from "../../lib/respond";
import { requireUser, sessionToken } from "../../lib/session";
import { validate } from "../../lib/validation";
import { searchResults, searchStatements } from "./search.queries";

const empty = { posts: [], members: [], events: [] };

/** Header search: posts, members and events of the current community, for its members only. One round trip. */
export const searchRoutes = new Hono<HonoEnv>().get("/", validate("query", searchQuery), async (c) => {
  const { q, communityId } = c.req.valid("query");
  if (!q || !communityId) {
    await requireUser(c);
    return respond(c, search.community, empty);
  }
  const db = c.var.db;
  const token = await sessionToken(c);
  const viewer = viewerOf(db, token, communityId);
  // The lookups ride with the access check; their rows are only answered once access holds.
  const [row, ...found] = await db.batch([viewer.query, ...searchStatements(db, communityId, q, { token })]);
  const { user, ...access } = viewer.read(c, row);
  if (!user) throw unauthenticated();
  if (!access.community || !hasMemberAccess(access.actor, access.community, access.membership)) return respond(c, search.community, empty);
  return respond(c, search.community, searchResults(found));
});
