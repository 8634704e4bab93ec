import { count, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { AppEnv } from "../../env";
import { commit, notifyMany } from "../../lib/commit";
import type { Db } from "../../lib/db";
import { bare, firstRow, tableAs } from "../../lib/sql-names";
import { communityEvents, eventAttendees, notifications as n } from "../../lib/tables";
import { deliver } from "../../lib/notification-delivery";
import { notificationsWhere } from "../../lib/notification-rows";

/**
 * EVENT_REMINDER to everyone attending, 24 hours and 1 hour before an event starts, each exactly once.
 * The notifications and the mark on the event are written in one batch (atomic), so a second run,
 * or two runs at once, finds the event already marked and sends nothing again. An event that enters
 * its last hour unreminded (created late, or the cron missed a day) gets the 1-hour reminder only.
 */
const HOUR = 60 * 60 * 1000;

const e = alias(communityEvents, "e");
const a = alias(eventAttendees, "a");

const remindAttendees = (db: Db, due: SQL, now: number) =>
  deliver(db, {
    now,
    columns: {
      recipient_id: sql`${a.profileId}`,
      community_id: sql`${e.communityId}`,
      type: "EVENT_REMINDER",
      content: sql`${e.name}`,
      event_id: sql`${e.id}`,
    },
    from: sql`from ${tableAs(e)} join ${tableAs(a)} on ${a.eventId} = ${e.id} where ${due}`,
  });

/** Writes the reminders that are due, then pushes them to the attendees' open tabs like any notification. */
export async function sendEventReminders(env: AppEnv, db: Db, now = Date.now()) {
  const lastHour = sql`${e.reminded1hAt} is null and ${e.startTime} > ${now} and ${e.startTime} <= ${now + HOUR}`;
  const lastDay = sql`${e.reminded24hAt} is null and ${e.startTime} > ${now + HOUR} and ${e.startTime} <= ${now + 24 * HOUR}`;
  const countOf = (due: SQL) => firstRow(db.select({ n: count() }).from(e).where(due));
  const hourEvents = countOf(lastHour);
  const dayEvents = countOf(lastDay);
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
            // Templates: the builder's update would also stamp the event's updated_at.
            db.run(
              sql`update ${tableAs(e)} set ${bare(e.reminded1hAt)} = ${now}, ${bare(e.reminded24hAt)} = coalesce(${e.reminded24hAt}, ${now})
                where ${lastHour}`,
            ),
            ...remindAttendees(db, lastDay, now),
            db.run(sql`update ${tableAs(e)} set ${bare(e.reminded24hAt)} = ${now} where ${lastDay}`),
          ],
          written,
        ),
      ],
    },
  );
  return { oneHour: read(hourEvents)?.n ?? 0, oneDay: read(dayEvents)?.n ?? 0 };
}
