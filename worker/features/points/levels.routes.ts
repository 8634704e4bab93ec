import { eq } from "drizzle-orm";
import { leaderboard } from "../../../common/contract/leaderboard";
import { assertWritable, load, memberOf, viewerOf, visibleCommunity } from "../../lib/access";
import { batch } from "../../lib/db";
import { forbidden, unauthenticated } from "../../lib/errors";
import { canManageContent } from "../../lib/permissions";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { sessionToken } from "../../lib/session";
import { levelNamesQuery, toLevelNames } from "../../lib/level-names";
import { communityLevelNames } from "../../lib/tables";

/** /api/communities/:id/levels: the names of levels 1 to 9; members read them, the owner and admins name them. */
export const levelsRoutes = [
  route(leaderboard.levels, async (c) => {
    const db = c.var.db;
    const member = memberOf(db, await sessionToken(c), c.req.valid("param").id);
    const names = levelNamesQuery(db, c.req.valid("param").id);
    const read = await batch(db, [member.query, names]);
    member.read(c, read(member.query));
    return respond(c, leaderboard.levels, { levelNames: toLevelNames(read(names)) });
  }),
  route(leaderboard.setLevels, async (c) => {
    const db = c.var.db;
    const access = await load(c, viewerOf(db, await sessionToken(c), c.req.valid("param").id));
    if (!access.user) throw unauthenticated();
    const community = visibleCommunity(access.actor, access.community);
    assertWritable(community);
    if (!canManageContent(access.actor, community, access.membership)) {
      throw forbidden("Only the owner and admins can name the levels.");
    }
    const { names } = c.req.valid("json");
    const named = names.map((name, i) => ({ level: i + 1, name })).filter((l) => l.name);
    await db.batch([
      db.delete(communityLevelNames).where(eq(communityLevelNames.communityId, community.id)),
      ...named.map((l) => db.insert(communityLevelNames).values({ communityId: community.id, level: l.level, name: l.name })),
    ]);
    return respond(c, leaderboard.setLevels, { levelNames: names.map((name) => name || null) });
  }),
];
