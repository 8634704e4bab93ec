import { sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { calendar, eventParams } from "../../../common/contract/calendar";
import type { HonoEnv } from "../../env";
import { accessColumns, asMember, assertWritable, communityJoins, load, type Access, type MemberContext, type MemberRow } from "../../lib/access";
import { batch, type Db } from "../../lib/db";
import { notFound } from "../../lib/errors";
import { respond } from "../../lib/respond";
import { sessionColumns, sessionFrom, sessionToken } from "../../lib/session";
import { validate } from "../../lib/validation";

type EventRow = MemberRow & { e_id: string | null; e_community_id: string };

/** An event the caller may see as a member of its community; 404 for everyone else. */
function eventFor(db: Db, token: string, eventId: string): Access<EventRow, { eventId: string; access: MemberContext }> {
  return {
    query: db.get(
      sql`select ${sessionColumns}, ${accessColumns}, e.id as e_id, e.community_id as e_community_id
        from ${sessionFrom(token, { required: true })}
        left join community_events e on e.id = ${eventId}
        ${communityJoins(sql.raw("e.community_id"))}`,
    ),
    read: (c, row) => {
      const access = asMember(c, row, "Event not found.");
      if (!row?.e_id) throw notFound("Event not found.");
      return { eventId: row.e_id, access };
    },
  };
}

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
