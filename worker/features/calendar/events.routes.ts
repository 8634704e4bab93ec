import { sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { calendar, eventParams } from "../../../common/contract/calendar";
import type { HonoEnv } from "../../env";
import { assertWritable, load } from "../../lib/access";
import { batch } from "../../lib/db";
import { respond } from "../../lib/respond";
import { sessionToken } from "../../lib/session";
import { validate } from "../../lib/validation";
import { eventFor } from "./events.access";

/** Attends or stops attending: the access row, then the change, the recounted total and its read. */
async function setAttending(c: Context<HonoEnv>, id: string, attending: boolean) {
  const db = c.var.db;
  const { eventId, access } = await load(c, eventFor(db, await sessionToken(c), id));
  assertWritable(access.community);
  const userId = access.user.id;
  const count = db.get<{ n: number }>(sql`select attendees_count as n from community_events where id = ${eventId}`);
  const read = await batch(db, [
    attending
      ? db.run(
          sql`insert into event_attendees (event_id, profile_id, created_at) values (${eventId}, ${userId}, ${Date.now()})
              on conflict do nothing`,
        )
      : db.run(sql`delete from event_attendees where event_id = ${eventId} and profile_id = ${userId}`),
    db.run(
      sql`update community_events set attendees_count = (select count(*) from event_attendees where event_id = ${eventId})
          where id = ${eventId}`,
    ),
    count,
  ]);
  return { eventId, attending, attendeesCount: read(count)?.n ?? 0 };
}

/** /api/events/:eventId… */
export const eventsRoutes = new Hono<HonoEnv>()
  .post("/:eventId/attend", validate("param", eventParams), async (c) => {
    const result = await setAttending(c, c.req.valid("param").eventId, true);
    return respond(c, calendar.attend, result);
  })
  .delete("/:eventId/attend", validate("param", eventParams), async (c) => {
    const result = await setAttending(c, c.req.valid("param").eventId, false);
    return respond(c, calendar.unattend, result);
  });
