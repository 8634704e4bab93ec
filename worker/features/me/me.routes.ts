import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { me, preferencesBody } from "../../../common/contract/me";
import { respond } from "../../lib/respond";
import { currentUser, requireUser } from "../../lib/session";
import { users } from "../../lib/tables";
import { validate } from "../../lib/validation";
import type { HonoEnv } from "../../env";
import { listMyCommunities } from "./me.queries";

export const meRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => {
    const user = await currentUser(c);
    return respond(c, me.get, { user });
  })
  .get("/communities", async (c) => {
    const user = await requireUser(c);
    return respond(c, me.communities, { communities: await listMyCommunities(c.var.db, user) });
  })
  .patch("/preferences", validate("json", preferencesBody), async (c) => {
    const user = await requireUser(c);
    const { language } = c.req.valid("json");
    await c.var.db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, user.id));
    return respond(c, me.setPreferences, { language });
  });
