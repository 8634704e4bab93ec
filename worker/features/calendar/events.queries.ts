import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { CalendarEvent } from "../../../common/contract/calendar";
import type { EventFilter } from "../../../common/contract/enums";
import { EVENT_AVATARS, EVENTS_LIST_MAX } from "../../../common/contract/limits";
import { dayRange, monthRange } from "../../../common/time-zone";
import type { Db } from "../../lib/db";
import { viewerSql, type Viewer } from "../../lib/session";
import { selectAs, tableAs, type LeftJoined, type SelectAsRow } from "../../lib/sql-names";
import { communityEvents, eventAttendees, users } from "../../lib/tables";

/** Events as the calendar shows them, with the viewer's attendance and the first attendees' faces. */

const DAY = 24 * 60 * 60 * 1000;

/** The event (`e`) the list's conditions speak of. */
export const listedEvent = alias(communityEvents, "e");
const e = listedEvent;
const a = alias(eventAttendees, "a");
const au = alias(users, "au");
const u = alias(users, "u");

/**
 * The time condition of a filter (spec 001 section 9) in the viewer's zone: today is the viewer's
 * calendar day, thisWeek the seven calendar days from today's start, upcoming every event not yet over.
 */
export function eventWindow(filter: EventFilter, zone: string, now: number, month?: string): SQL {
  if (month) {
    const [start, end] = monthRange(zone, month);
    return sql`${e.startTime} >= ${start} and ${e.startTime} < ${end}`;
  }
  switch (filter) {
    case "all":
      return sql`1 = 1`;
    case "upcoming":
      return sql`${e.endTime} >= ${now}`;
    case "today": {
      const [start, end] = dayRange(zone, now);
      return sql`${e.startTime} >= ${start} and ${e.startTime} < ${end}`;
    }
    case "thisWeek": {
      const [start] = dayRange(zone, now);
      const [, end] = dayRange(zone, start + 6 * DAY + DAY / 2);
      return sql`${e.startTime} >= ${start} and ${e.startTime} < ${end}`;
    }
  }
}

const eventFields = {
  id: e.id,
  communityId: e.communityId,
  name: e.name,
  description: e.description,
  location: e.location,
  startTime: e.startTime,
  endTime: e.endTime,
  timeZone: e.timeZone,
  eventType: e.eventType,
  imageUrl: e.imageUrl,
  eventUrl: e.eventUrl,
  attendeesCount: e.attendeesCount,
};

/** The first attendees' faces, as the JSON array the card shows. */
const attendeeFaces = { id: au.id, fullName: au.fullName, avatarUrl: au.avatarUrl };

/** The viewer's attendance (`me`) and the first attendees. */
const attendance = (me: SQL) => ({
  attending: sql<0 | 1>`exists (select 1 from ${tableAs(a)} where ${a.eventId} = ${e.id} and ${a.profileId} = ${me})`,
  attendees: sql<
    string | null
  >`(select json_group_array(json_object('id', x.id, 'fullName', x.fullName, 'avatarUrl', x.avatarUrl))
    from (select ${selectAs(attendeeFaces)} from ${tableAs(a)} join ${tableAs(au)} on ${au.id} = ${a.profileId}
      where ${a.eventId} = ${e.id} order by ${a.createdAt} limit ${EVENT_AVATARS}) x)`,
});

const creatorFields = { creatorId: u.id, creatorName: u.fullName, creatorAvatar: u.avatarUrl };

type EventRow = SelectAsRow<typeof eventFields> &
  SelectAsRow<ReturnType<typeof attendance>> &
  LeftJoined<SelectAsRow<typeof creatorFields>>;

function events(db: Db, where: SQL, viewer: Viewer | SQL) {
  const me = "getSQL" in viewer ? viewer : viewerSql(viewer);
  return db.all<EventRow>(
    sql`select ${selectAs(eventFields)}, ${selectAs(attendance(me))}, ${selectAs(creatorFields)}
        from ${tableAs(e)}
        left join ${tableAs(u)} on ${u.id} = ${e.createdBy}
        where ${where}
        order by ${e.startTime}, ${e.id}
        limit ${EVENTS_LIST_MAX}`,
  );
}

export const communityEventList = (db: Db, communityId: string, window: SQL, viewer: Viewer) =>
  events(db, sql`${e.communityId} = ${communityId} and ${window}`, viewer);

/** Every event someone attends (`who` as an SQL value), within `where`: a personal calendar feed. */
export const attendedEvents = (db: Db, who: SQL, where: SQL) =>
  events(db, sql`${e.id} in (select ${a.eventId} from ${tableAs(a)} where ${a.profileId} = ${who}) and ${where}`, who);

export const oneEvent = (db: Db, eventId: string, viewer: Viewer) => events(db, sql`${e.id} = ${eventId}`, viewer);

export const toCalendarEvent = (r: EventRow): CalendarEvent => ({
  id: r.id,
  communityId: r.communityId,
  name: r.name,
  description: r.description,
  location: r.location,
  startTime: r.startTime,
  endTime: r.endTime,
  timeZone: r.timeZone,
  eventType: r.eventType,
  imageUrl: r.imageUrl,
  eventUrl: r.eventUrl,
  attendeesCount: r.attendeesCount,
  attending: r.attending === 1,
  attendees: r.attendees ? (JSON.parse(r.attendees) as CalendarEvent["attendees"]) : [],
  createdBy: r.creatorId ? { id: r.creatorId, fullName: r.creatorName ?? "", avatarUrl: r.creatorAvatar } : null,
});
