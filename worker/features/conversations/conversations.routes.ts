import { Hono } from "hono";
import { conversations, conversationsQuery } from "../../../common/contract/conversations";
import type { HonoEnv } from "../../env";
import { respond } from "../../lib/respond";
import { requireUser } from "../../lib/session";
import { validate } from "../../lib/validation";
import { listConversationSummaries, unreadMessagesCount } from "./conversations.queries";

export const conversationsRoutes = new Hono<HonoEnv>()
  .get("/", validate("query", conversationsQuery), async (c) => {
    const user = await requireUser(c);
    return respond(c, conversations.list, {
      items: await listConversationSummaries(c.var.db, user.id, c.req.valid("query").limit),
    });
  })
  .get("/unread-count", async (c) => {
    const user = await requireUser(c);
    return respond(c, conversations.unreadCount, { count: await unreadMessagesCount(c.var.db, user.id) });
  });
