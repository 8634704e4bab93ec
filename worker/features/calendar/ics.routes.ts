import { sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { eventParams, feedParams } from "../../../common/contract/calendar";
import type { HonoEnv } from "../../env";
import { batch } from "../../lib/db";
import { notFound } from "../../lib/errors";
import { publicOrigin } from "../../lib/public-origin";
import { sessionToken } from "../../lib/session";
import { selectAs, type SelectAsRow, type Stored } from "../../lib/sql-names";
import { calendarFeeds } from "../../lib/tables";
import { validate } from "../../lib/validation";
import { eventFor } from "./events.access";
import { oneEvent, toCalendarEvent } from "./events.queries";
import { calendarFeedEvents, feedOwner, hashFeedToken } from "./feeds";
import { calendarIcs, icsDisposition } from "./ics";

/**
 * GET /ics/events/:eventId: one event as a .ics download, for members of its community (the same
 * 401/404 as the API). Outside /api because it answers a calendar file, not JSON.
 */
const calendarFile = (body: string, disposition: string) => ({
  body,
  headers: {
    "content-type": "text/calendar; charset=utf-8",
    "content-disposition": disposition,
    "cache-control": "private, no-store",
  },
});

const publicHost = (c: Context<HonoEnv>) => new URL(publicOrigin(c.env, c.req.raw)).host;

export const icsRoutes = new Hono<HonoEnv>()
  .get("/events/:eventId", validate("param", eventParams), async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const eventId = c.req.valid("param").eventId;
    const target = eventFor(db, token, eventId);
    const shown = oneEvent(db, eventId, { token });
    const read = await batch(db, [target.query, shown]);
    target.read(c, read(target.query));
    const event = toCalendarEvent(read(shown)[0]!);
    const file = calendarFile(calendarIcs([event], publicHost(c)), icsDisposition(event.name));
    return c.body(file.body, 200, file.headers);
  })
  /**
   * GET /ics/feed/:token: the events a person attends, for calendar apps that subscribe without a
   * session. The secret in the URL is the only key; an unknown or revoked one is a 404.
   */
  .get("/feed/:token", validate("param", feedParams), async (c) => {
    const db = c.var.db;
    const owner = feedOwner(await hashFeedToken(c.req.valid("param").token));
    // The owner, null for an unknown or revoked secret.
    const ownerField = { userId: sql<Stored<typeof calendarFeeds.userId> | null>`${owner}` };
    const found = db.get<SelectAsRow<typeof ownerField>>(sql`select ${selectAs(ownerField)}`);
    const events = calendarFeedEvents(db, owner);
    const [row, rows] = await db.batch([found, events]);
    if (!row?.userId) throw notFound("Calendar feed not found.");
    const file = calendarFile(calendarIcs(rows.map(toCalendarEvent), publicHost(c)), 'attachment; filename="agora.ics"');
    return c.body(file.body, 200, file.headers);
  });
