import { eq } from "drizzle-orm";
import { me } from "../../../common/contract/me";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { currentUser, requireUser } from "../../lib/session";
import { users } from "../../lib/tables";
import { listMyCommunities } from "./me.queries";

export const meRoutes = [
  route(me.get, async (c) => {
    const user = await currentUser(c);
    return respond(c, me.get, { user });
  }),
  route(me.communities, async (c) => {
    const user = await requireUser(c);
    return respond(c, me.communities, { communities: await listMyCommunities(c.var.db, user) });
  }),
  route(me.setPreferences, async (c) => {
    const user = await requireUser(c);
    const { language } = c.req.valid("json");
    await c.var.db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, user.id));
    return respond(c, me.setPreferences, { language });
  }),
];
