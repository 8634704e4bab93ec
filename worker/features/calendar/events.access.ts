import { sql } from "drizzle-orm";
import { accessColumns, asMember, communityJoins, type Access, type MemberContext, type MemberRow } from "../../lib/access";
import type { Db } from "../../lib/db";
import { notFound } from "../../lib/errors";
import { sessionColumns, sessionFrom } from "../../lib/session";

type EventRow = MemberRow & { e_id: string | null; e_community_id: string };

/** An event the caller may see as a member of its community; 404 for everyone else. */
export function eventFor(db: Db, token: string, eventId: string): Access<EventRow, { eventId: string; access: MemberContext }> {
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
