import { sql, type SQL } from "drizzle-orm";
import type { AppEnv } from "../../env";
import { commit, notifyMany } from "../../lib/commit";
import type { Db } from "../../lib/db";
import { notifications as n } from "../../lib/tables";
import { deliver } from "../../lib/notification-delivery";
import { notificationsWhere } from "../../lib/notification-rows";

/**
 * EVENT_REMINDER to everyone attending, 24 hours and 1 hour before an event starts, each exactly once.
 * The notifications and the mark on the event are written in one batch (atomic), so a second run,
 * or two runs at once, finds the event already marked and sends nothing again. An event that enters
 * its last hour unreminded (created late, or the cron missed a day) gets the 1-hour reminder only.
 */
const HOUR = 60 * 60 * 1000;

const remindAttendees = (db: Db, due: SQL, now: number) =>
  deliver(db, {
    now,
    columns: {
      recipient_id: sql`a.profile_id`,
      community_id: sql`e.community_id`,
      type: "EVENT_REMINDER",
      content: sql`e.name`,
      event_id: sql`e.id`,
    },
    from: sql`from community_events e join event_attendees a on a.event_id = e.id where ${due}`,
  });

/** Writes the reminders that are due, then pushes them to the attendees' open tabs like any notification. */
export async function sendEventReminders(env: AppEnv, db: Db, now = Date.now()) {
  const lastHour = sql`e.reminded_1h_at is null and e.start_time > ${now} and e.start_time <= ${now + HOUR}`;
  const lastDay = sql`e.reminded_24h_at is null and e.start_time > ${now + HOUR} and e.start_time <= ${now + 24 * HOUR}`;
  const count = (due: SQL) => db.get<{ n: number }>(sql`select count(*) as n from community_events e where ${due}`);
  const hourEvents = count(lastHour);
  const dayEvents = count(lastDay);
  // This run's reminders, read back at the end of its batch: `now` is the created_at this run wrote.
  const written = notificationsWhere(db, sql`${n.type} = 'EVENT_REMINDER' and ${n.createdAt} = ${now}`);
  const read = await commit(
    { db, env },
    {
      steps: [
        hourEvents,
        dayEvents,
        notifyMany(
          [
            ...remindAttendees(db, lastHour, now),
            db.run(
              sql`update community_events as e set reminded_1h_at = ${now}, reminded_24h_at = coalesce(e.reminded_24h_at, ${now}) where ${lastHour}`,
            ),
            ...remindAttendees(db, lastDay, now),
            db.run(sql`update community_events as e set reminded_24h_at = ${now} where ${lastDay}`),
          ],
          written,
        ),
      ],
    },
  );
  return { oneHour: read(hourEvents)?.n ?? 0, oneDay: read(dayEvents)?.n ?? 0 };
}
