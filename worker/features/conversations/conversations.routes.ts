import { Hono } from "hono";
import { z } from "zod";
import type { HonoEnv } from "../../env";
import { limitParam } from "../../../common/contract/http";
import { requireUser } from "../../lib/session";
import { validate } from "../../lib/validation";
import { listConversationSummaries, unreadMessagesCount } from "./conversations.queries";

const listQuery = z.object({ limit: limitParam(100, 50) });

export const conversationsRoutes = new Hono<HonoEnv>()
  .get("/", validate("query", listQuery), async (c) => {
    const user = await requireUser(c);
    return c.json({ items: await listConversationSummaries(c.env.DB, user.id, c.req.valid("query").limit) });
  })
  .get("/unread-count", async (c) => {
    const user = await requireUser(c);
    return c.json({ count: await unreadMessagesCount(c.env.DB, user.id) });
  });
