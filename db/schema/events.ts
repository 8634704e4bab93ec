import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { counter, createdAt, idColumn, millis, updatedAt } from "./columns";
import { communities } from "./communities";
import { eventTypes } from "../../common/contract/enums";

export { eventTypes, type EventType } from "../../common/contract/enums";

export const communityEvents = sqliteTable(
  "community_events",
  {
    id: idColumn(),
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    location: text("location").notNull(),
    startTime: millis("start_time").notNull(),
    endTime: millis("end_time").notNull(),
    /** The IANA zone the event was planned in (e.g. Asia/Tbilisi), for showing and exporting its local times. */
    timeZone: text("time_zone").notNull().default("UTC"),
    eventType: text("event_type", { enum: eventTypes }).notNull().default("Other"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    imageUrl: text("image_url"),
    eventUrl: text("event_url"),
    attendeesCount: counter("attendees_count"),
    // The reminder cron marks what it sent, so a re-run never reminds twice.
    reminded24hAt: millis("reminded_24h_at"),
    reminded1hAt: millis("reminded_1h_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("community_events_start_idx").on(t.communityId, t.startTime),
    index("community_events_reminder_idx").on(t.startTime),
  ],
);

export const eventAttendees = sqliteTable(
  "event_attendees",
  {
    eventId: text("event_id")
      .notNull()
      .references(() => communityEvents.id, { onDelete: "cascade" }),
    profileId: text("profile_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.profileId] }), index("event_attendees_profile_idx").on(t.profileId, t.eventId)],
);

/**
 * A person's calendar feed: the events they attend, for calendar apps to subscribe to. The URL
 * carries a random secret; only its SHA-256 is stored, and replacing or deleting the row revokes it.
 */
export const calendarFeeds = sqliteTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: createdAt(),
});
