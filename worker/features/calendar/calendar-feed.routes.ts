import { count, eq } from "drizzle-orm";
import { calendar } from "../../../common/contract/calendar";
import { publicOrigin } from "../../lib/public-origin";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { requireUser } from "../../lib/session";
import { randomToken } from "../../lib/random-token";
import { excluded } from "../../lib/sql-names";
import { calendarFeeds } from "../../lib/tables";
import { feedUrl, hashFeedToken } from "./feeds";

/** /api/me/calendar-feed: the signed-in person's calendar feed link: whether there is one, a new one, none. */
export const calendarFeedRoutes = [
  route(calendar.calendarFeed, async (c) => {
    const user = await requireUser(c);
    const row = await c.var.db.select({ n: count() }).from(calendarFeeds).where(eq(calendarFeeds.userId, user.id)).get();
    return respond(c, calendar.calendarFeed, { active: (row?.n ?? 0) > 0 });
  }),
  route(calendar.newCalendarFeed, async (c) => {
    const user = await requireUser(c);
    const token = randomToken();
    await c.var.db
      .insert(calendarFeeds)
      .values({ userId: user.id, tokenHash: await hashFeedToken(token), createdAt: Date.now() })
      .onConflictDoUpdate({
        target: calendarFeeds.userId,
        set: { tokenHash: excluded(calendarFeeds.tokenHash), createdAt: excluded(calendarFeeds.createdAt) },
      });
    return respond(c, calendar.newCalendarFeed, { url: feedUrl(publicOrigin(c.env, c.req.raw), token) });
  }),
  route(calendar.revokeCalendarFeed, async (c) => {
    const user = await requireUser(c);
    await c.var.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
    return respond(c, calendar.revokeCalendarFeed, { active: false });
  }),
];
