import { sql, type SQL } from "drizzle-orm";
import type { CalendarEvent } from "../../../common/contract/calendar";
import type { EventFilter, EventType } from "../../../common/contract/enums";
import { EVENT_AVATARS, EVENTS_LIST_MAX } from "../../../common/contract/limits";
import { dayRange, monthRange } from "../../../common/time-zone";
import type { Db } from "../../lib/db";
import { viewerSql, type Viewer } from "../../lib/session";

/** Events as the calendar shows them, with the viewer's attendance and the first attendees' faces. */

const DAY = 24 * 60 * 60 * 1000;

/**
 * The time condition of a filter (spec 001 section 9) in the viewer's zone: today is the viewer's
 * calendar day, thisWeek the seven calendar days from today's start, upcoming every event not yet over.
 */
export function eventWindow(filter: EventFilter, zone: string, now: number, month?: string): SQL {
  if (month) {
    const [start, end] = monthRange(zone, month);
    return sql`e.start_time >= ${start} and e.start_time < ${end}`;
  }
  switch (filter) {
    case "all":
      return sql`1 = 1`;
    case "upcoming":
      return sql`e.end_time >= ${now}`;
    case "today": {
      const [start, end] = dayRange(zone, now);
      return sql`e.start_time >= ${start} and e.start_time < ${end}`;
    }
    case "thisWeek": {
      const [start] = dayRange(zone, now);
      const [, end] = dayRange(zone, start + 6 * DAY + DAY / 2);
      return sql`e.start_time >= ${start} and e.start_time < ${end}`;
    }
  }
}

type EventRow = {
  id: string;
  community_id: string;
  name: string;
  description: string | null;
  location: string;
  start_time: number;
  end_time: number;
  time_zone: string;
  event_type: EventType;
  image_url: string | null;
  event_url: string | null;
  attendees_count: number;
  attending: number;
  attendees: string | null;
  creator_id: string | null;
  creator_name: string | null;
  creator_avatar: string | null;
};

function events(db: Db, where: SQL, viewer: Viewer | SQL) {
  const me = "getSQL" in viewer ? viewer : viewerSql(viewer);
  return db.all<EventRow>(
    sql`select e.id, e.community_id, e.name, e.description, e.location, e.start_time, e.end_time, e.time_zone, e.event_type,
          e.image_url, e.event_url, e.attendees_count,
          exists (select 1 from event_attendees a where a.event_id = e.id and a.profile_id = ${me}) as attending,
          (select json_group_array(json_object('id', x.id, 'fullName', x.full_name, 'avatarUrl', x.avatar_url))
            from (select au.id, au.full_name, au.avatar_url from event_attendees a join users au on au.id = a.profile_id
              where a.event_id = e.id order by a.created_at limit ${EVENT_AVATARS}) x) as attendees,
          u.id as creator_id, u.full_name as creator_name, u.avatar_url as creator_avatar
        from community_events e
        left join users u on u.id = e.created_by
        where ${where}
        order by e.start_time, e.id
        limit ${EVENTS_LIST_MAX}`,
  );
}

export const communityEventList = (db: Db, communityId: string, window: SQL, viewer: Viewer) =>
  events(db, sql`e.community_id = ${communityId} and ${window}`, viewer);

/** Every event someone attends (`who` as an SQL value), within `where`: a personal calendar feed. */
export const attendedEvents = (db: Db, who: SQL, where: SQL) =>
  events(db, sql`e.id in (select a.event_id from event_attendees a where a.profile_id = ${who}) and ${where}`, who);

export const oneEvent = (db: Db, eventId: string, viewer: Viewer) => events(db, sql`e.id = ${eventId}`, viewer);

export const toCalendarEvent = (r: EventRow): CalendarEvent => ({
  id: r.id,
  communityId: r.community_id,
  name: r.name,
  description: r.description,
  location: r.location,
  startTime: r.start_time,
  endTime: r.end_time,
  timeZone: r.time_zone,
  eventType: r.event_type,
  imageUrl: r.image_url,
  eventUrl: r.event_url,
  attendeesCount: r.attendees_count,
  attending: r.attending === 1,
  attendees: r.attendees ? (JSON.parse(r.attendees) as CalendarEvent["attendees"]) : [],
  createdBy: r.creator_id ? { id: r.creator_id, fullName: r.creator_name ?? "", avatarUrl: r.creator_avatar } : null,
});
