import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { notificationTypes } from "../../common/notifications";
import { users } from "./auth";
import { createdAt, flag, updatedAt } from "./columns";

/** A blocks B: B stops seeing A's posts and comments and cannot message A. */
export const blockedUsers = sqliteTable(
  "blocked_users",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    // "Who blocks me": the filter applied to the blocked user's feed, chats and new-chat lists.
    index("blocked_users_blocked_idx").on(t.blockedId, t.blockerId),
  ],
);

/** Settings across all types; a missing row means the defaults. The switches per type are in the table below. */
export const notificationPreferences = sqliteTable("notification_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Notification e-mails folded into one a day instead of one per conversation or post per hour. */
  emailDigest: flag("email_digest", false),
  /** E-mails a community's owner and admins write to its members (broadcasts); the notification copy follows SYSTEM_ANNOUNCEMENT. */
  broadcastEmail: flag("broadcast_email", true),
  updatedAt: updatedAt(),
});

/** Per type and channel; a missing row (or a missing type) means both channels are on. */
export const notificationTypePreferences = sqliteTable(
  "notification_type_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: notificationTypes }).notNull(),
    inApp: flag("in_app", true),
    email: flag("email", true),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);
