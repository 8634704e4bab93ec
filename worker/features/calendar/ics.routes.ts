import { Hono } from "hono";
import { eventParams } from "../../../common/contract/calendar";
import type { HonoEnv } from "../../env";
import { batch } from "../../lib/db";
import { sessionToken } from "../../lib/session";
import { validate } from "../../lib/validation";
import { eventFor } from "./events.access";
import { oneEvent, toCalendarEvent } from "./events.queries";
import { eventIcs } from "./ics";

/**
 * GET /ics/events/:eventId: one event as a .ics download, for members of its community (the same
 * 401/404 as the API). Outside /api because it answers a calendar file, not JSON.
 */
export const icsRoutes = new Hono<HonoEnv>().get("/events/:eventId", validate("param", eventParams), async (c) => {
  const db = c.var.db;
  const token = await sessionToken(c);
  const eventId = c.req.valid("param").eventId;
  const target = eventFor(db, token, eventId);
  const shown = oneEvent(db, eventId, { token });
  const read = await batch(db, [target.query, shown]);
  target.read(c, read(target.query));
  const event = toCalendarEvent(read(shown)[0]!);
  return c.body(eventIcs(event, new URL(c.req.url).host), 200, {
    "content-type": "text/calendar; charset=utf-8",
    "content-disposition": `attachment; filename="event-${event.id}.ics"`,
    "cache-control": "private, no-store",
  });
});
