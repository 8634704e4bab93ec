import { and, eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import { calendar } from "../../../common/contract/calendar";
import type { HonoEnv } from "../../env";
import { assertWritable, load } from "../../lib/access";
import { batch } from "../../lib/db";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { sessionToken } from "../../lib/session";
import { bare, firstRow } from "../../lib/sql-names";
import { communityEvents, eventAttendees } from "../../lib/tables";
import { eventFor } from "./events.access";

/** Attends or stops attending: the access row, then the change, the recounted total and its read. */
async function setAttending(c: Context<HonoEnv>, id: string, attending: boolean) {
  const db = c.var.db;
  const { eventId, access } = await load(c, eventFor(db, await sessionToken(c), id));
  assertWritable(access.community);
  const userId = access.user.id;
  const events = communityEvents;
  const attendees = eventAttendees;
  const count = firstRow(db.select({ n: events.attendeesCount }).from(events).where(eq(events.id, eventId)));
  const read = await batch(db, [
    attending
      ? db.insert(attendees).values({ eventId, profileId: userId, createdAt: Date.now() }).onConflictDoNothing()
      : db.delete(attendees).where(and(eq(attendees.eventId, eventId), eq(attendees.profileId, userId))),
    // A template, not the builder's update: that would also stamp updated_at, which a recount is not.
    db.run(
      sql`update ${events} set ${bare(events.attendeesCount)} = (select count(*) from ${attendees} where ${attendees.eventId} = ${eventId})
          where ${events.id} = ${eventId}`,
    ),
    count,
  ]);
  return { eventId, attending, attendeesCount: read(count)?.n ?? 0 };
}

/** /api/events/:eventId… */
export const eventsRoutes = [
  route(calendar.attend, async (c) => {
    const result = await setAttending(c, c.req.valid("param").eventId, true);
    return respond(c, calendar.attend, result);
  }),
  route(calendar.unattend, async (c) => {
    const result = await setAttending(c, c.req.valid("param").eventId, false);
    return respond(c, calendar.unattend, result);
  }),
];
