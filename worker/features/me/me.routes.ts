import { eq } from "drizzle-orm";
import { me } from "../../../common/contract/me";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { batch } from "../../lib/db";
import { unauthenticated } from "../../lib/errors";
import { currentUser, requireUser, sessionStatement, sessionToken, sessionUserFrom } from "../../lib/session";
import { users } from "../../lib/tables";
import { myCommunitiesStatement, toMyCommunities } from "./me.queries";

export const meRoutes = [
  route(me.get, async (c) => {
    const user = await currentUser(c);
    return respond(c, me.get, { user });
  }),
  // One round trip: the session and the communities together.
  route(me.communities, async (c) => {
    const token = await sessionToken(c);
    const db = c.var.db;
    const session = sessionStatement(db, token);
    const rows = myCommunitiesStatement(db, { token });
    const read = await batch(db, [session, rows]);
    const user = sessionUserFrom(c, read(session));
    if (!user) throw unauthenticated();
    return respond(c, me.communities, { communities: toMyCommunities(read(rows), user) });
  }),
  route(me.setPreferences, async (c) => {
    const user = await requireUser(c);
    const { language } = c.req.valid("json");
    await c.var.db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, user.id));
    return respond(c, me.setPreferences, { language });
  }),
];
