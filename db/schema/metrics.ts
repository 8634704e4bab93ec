import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { communities } from "./communities";
import { flag, millis } from "./columns";

const count = (name: string) => integer(name, { mode: "number" }).notNull().default(0);

/**
 * One row per community and UTC day (days since the epoch), written by the metrics cron from the raw
 * tables, so the metrics page reads a period as one index range whatever the community's size.
 */
export const communityMetricDays = sqliteTable(
  "community_metric_days",
  {
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    day: integer("day", { mode: "number" }).notNull(),
    joins: count("joins"),
    leaves: count("leaves"),
    /** Members at the end of the day (for the current day: at the last run). */
    members: count("members"),
    /** Distinct members who did anything that day, and over the 30 days ending with it. */
    active: count("active"),
    active30: count("active_30"),
    posts: count("posts"),
    comments: count("comments"),
    likes: count("likes"),
    messages: count("messages"),
    lessons: count("lessons"),
    attendances: count("attendances"),
    /** Paid memberships running at the end of the day, their monthly value in tetri, and those that ended. */
    paidMembers: count("paid_members"),
    mrr: count("mrr"),
    churned: count("churned"),
    /** Tetri taken (approved orders) and given back (reversed orders) that day. */
    revenue: count("revenue"),
    refunds: count("refunds"),
    /** Course funnel at the end of the day: enrolments, of them started (a lesson done), finished. */
    enrolled: count("enrolled"),
    started: count("started"),
    finished: count("finished"),
    /**
     * Membership seen on the day itself (a run while it was the running day). A day filled in from
     * history is not: a membership row goes when someone leaves, so its leaves are unknown and its
     * member count holds only the people who are still members.
     */
    observed: flag("observed", false),
    updatedAt: millis("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.day] })],
);

/**
 * Who was active in a community on a day, and how much they wrote. Monthly actives are distinct people
 * over 30 days, which daily counts cannot add up to; one small row per active member and day keeps the
 * exact set, lets the cron count a 30-day window from an index range, and gives top contributors over
 * any period without touching posts or comments at read time. Far smaller than the raw activity.
 */
export const communityMemberDays = sqliteTable(
  "community_member_days",
  {
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    day: integer("day", { mode: "number" }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    posts: count("posts"),
    comments: count("comments"),
    /** Likes, messages, lessons and attendances: activity that is not writing. */
    actions: count("actions"),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.day, t.userId] }),
    // Covering, so a period's top contributors are summed from the index alone.
    index("community_member_days_period_idx").on(t.communityId, t.day, t.userId, t.posts, t.comments),
  ],
);

/**
 * A community's top contributors over each period the page offers (7, 30, 90 and 365 days ending with
 * the cron's running day), ranked by the cron after it rolls the days up. Summing a year of member days
 * at read time grows with the community's activity; this keeps the page's read at ten rows whatever its
 * size, one cron interval behind like the day rows.
 */
export const communityTopContributors = sqliteTable(
  "community_top_contributors",
  {
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    days: integer("days", { mode: "number" }).notNull(),
    rank: integer("rank", { mode: "number" }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    posts: count("posts"),
    comments: count("comments"),
  },
  // user_id: a deleted account's rows go with it (the cascade looks them up by person).
  (t) => [primaryKey({ columns: [t.communityId, t.days, t.rank] }), index("community_top_contributors_user_idx").on(t.userId)],
);
