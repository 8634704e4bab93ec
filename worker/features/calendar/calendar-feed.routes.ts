import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { calendar } from "../../../common/contract/calendar";
import type { HonoEnv } from "../../env";
import { respond } from "../../lib/respond";
import { requireUser } from "../../lib/session";
import { randomToken } from "../../lib/random-token";
import { feedUrl, hashFeedToken } from "./feeds";

/** /api/me/calendar-feed: the signed-in person's calendar feed link: whether there is one, a new one, none. */
export const calendarFeedRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => {
    const user = await requireUser(c);
    const row = await c.var.db.get<{ n: number }>(sql`select count(*) as n from calendar_feeds where user_id = ${user.id}`);
    return respond(c, calendar.calendarFeed, { active: (row?.n ?? 0) > 0 });
  })
  .post("/", async (c) => {
    const user = await requireUser(c);
    const token = randomToken();
    await c.var.db.run(
      sql`insert into calendar_feeds (user_id, token_hash, created_at) values (${user.id}, ${await hashFeedToken(token)}, ${Date.now()})
          on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = excluded.created_at`,
    );
    return respond(c, calendar.newCalendarFeed, { url: feedUrl(new URL(c.req.url).origin, token) });
  })
  .delete("/", async (c) => {
    const user = await requireUser(c);
    await c.var.db.run(sql`delete from calendar_feeds where user_id = ${user.id}`);
    return respond(c, calendar.revokeCalendarFeed, { active: false });
  });
