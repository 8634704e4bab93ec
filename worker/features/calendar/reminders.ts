import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../lib/db";

/**
 * EVENT_REMINDER to everyone attending, 24 hours and 1 hour before an event starts, each exactly once.
 * The notifications and the mark on the event are written in one batch (atomic), so a second run,
 * or two runs at once, finds the event already marked and sends nothing again. An event that enters
 * its last hour unreminded (created late, or the cron missed a day) gets the 1-hour reminder only.
 */
const HOUR = 60 * 60 * 1000;

const remindAttendees = (db: Db, due: SQL, now: number) =>
  db.run(
    sql`insert into notifications (id, recipient_id, sender_id, community_id, type, content, event_id, created_at)
        select lower(hex(randomblob(16))), a.profile_id, null, e.community_id, 'EVENT_REMINDER', e.name, e.id, ${now}
        from community_events e join event_attendees a on a.event_id = e.id
        where ${due}`,
  );

export async function sendEventReminders(db: Db, now = Date.now()) {
  const lastHour = sql`e.reminded_1h_at is null and e.start_time > ${now} and e.start_time <= ${now + HOUR}`;
  const lastDay = sql`e.reminded_24h_at is null and e.start_time > ${now + HOUR} and e.start_time <= ${now + 24 * HOUR}`;
  const count = (due: SQL) => db.get<{ n: number }>(sql`select count(*) as n from community_events e where ${due}`);
  const hourEvents = count(lastHour);
  const dayEvents = count(lastDay);
  const [hours, days] = await db.batch([
    hourEvents,
    dayEvents,
    remindAttendees(db, lastHour, now),
    db.run(
      sql`update community_events as e set reminded_1h_at = ${now}, reminded_24h_at = coalesce(e.reminded_24h_at, ${now}) where ${lastHour}`,
    ),
    remindAttendees(db, lastDay, now),
    db.run(sql`update community_events as e set reminded_24h_at = ${now} where ${lastDay}`),
  ]);
  return { oneHour: hours?.n ?? 0, oneDay: days?.n ?? 0 };
}
