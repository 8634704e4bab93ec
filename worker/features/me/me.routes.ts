import { Hono } from "hono";
import { currentUser, requireUser } from "../../lib/session";
import type { HonoEnv } from "../../env";
import { listMyCommunities } from "./me.queries";

export const meRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => {
    const user = await currentUser(c);
    return c.json({ user });
  })
  .get("/communities", async (c) => {
    const user = await requireUser(c);
    return c.json({ communities: await listMyCommunities(c.var.db, user) });
  });
