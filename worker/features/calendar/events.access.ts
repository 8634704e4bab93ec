import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { accessColumns, asMember, communityJoins, type Access, type MemberContext, type MemberRow } from "../../lib/access";
import type { Db } from "../../lib/db";
import { notFound } from "../../lib/errors";
import { sessionColumns, sessionFrom } from "../../lib/session";
import { selectAs, tableAs, type LeftJoined, type SelectAsRow } from "../../lib/sql-names";
import { communityEvents } from "../../lib/tables";

const e = alias(communityEvents, "e");

/** The event's id, null without the event; its other columns are there whenever the id is. */
const eventIdField = { e_id: e.id };
const eventFields = { e_community_id: e.communityId };
type EventRow = MemberRow & LeftJoined<SelectAsRow<typeof eventIdField>> & SelectAsRow<typeof eventFields>;

/** An event the caller may see as a member of its community; 404 for everyone else. */
export function eventFor(db: Db, token: string, eventId: string): Access<EventRow, { eventId: string; access: MemberContext }> {
  return {
    query: db.get(
      sql`select ${sessionColumns}, ${accessColumns}, ${selectAs(eventIdField)}, ${selectAs(eventFields)}
        from ${sessionFrom(token, { required: true })}
        left join ${tableAs(e)} on ${e.id} = ${eventId}
        ${communityJoins(e.communityId)}`,
    ),
    read: (c, row) => {
      const access = asMember(c, row, "Event not found.");
      if (!row?.e_id) throw notFound("Event not found.");
      return { eventId: row.e_id, access };
    },
  };
}
