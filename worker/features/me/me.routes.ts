import { Hono } from "hono";
import { me } from "../../../common/contract/me";
import { respond } from "../../lib/respond";
import { currentUser, requireUser } from "../../lib/session";
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
  });
