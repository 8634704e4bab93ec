import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { createdAt, idColumn, updatedAt } from "./columns";
import { communities } from "./communities";
import type { PointReason } from "../../common/points";

/**
 * The points ledger. Totals and the week/month leaderboards derive from it; the unique key makes
 * awarding idempotent per source, and an undo is a `*_reversed` row with a negative amount.
 */
export const pointEvents = sqliteTable(
  "point_events",
  {
    id: idColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    amount: integer("amount", { mode: "number" }).notNull(),
    reason: text("reason").$type<PointReason>().notNull(),
    /** What earned it: post, comment, post_like, comment_like, community. */
    sourceKind: text("source_kind").notNull(),
    sourceId: text("source_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("point_events_source_unique").on(t.userId, t.communityId, t.reason, t.sourceKind, t.sourceId),
    // Covering (user_id, amount) so a period leaderboard sums from the index alone.
    index("point_events_community_created_idx").on(t.communityId, t.createdAt, t.userId, t.amount),
    index("point_events_user_community_idx").on(t.userId, t.communityId, t.createdAt),
  ],
);

/** All-time totals per member and community, updated in the batch that writes the ledger row. */
export const userPoints = sqliteTable(
  "user_points",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    points: integer("points", { mode: "number" }).notNull().default(0),
    /**
     * Whether the person is a member of the community now; kept by triggers on community_members
     * (db/migrations/0016_leaderboard_rank_index.sql), so the rank index holds members alone.
     */
    isMember: integer("is_member", { mode: "boolean" }).notNull().default(true),
    /**
     * The highest level ACHIEVEMENT_EARNED was sent for: a level is announced once, even when points are
     * lost and the level is reached again.
     */
    notifiedLevel: integer("notified_level", { mode: "number" }).notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.communityId] }),
    // The all-time leaderboard's order (ties by id), members only: its top is the index's first rows
    // and a rank is a count of the entries above, read from the index alone (is_member makes it covering).
    index("user_points_rank_idx")
      .on(t.communityId, sql`${t.points} desc`, t.userId, t.isMember)
      .where(sql.raw("is_member = 1")),
  ],
);

/**
 * Each member's points per UTC day (day = floor(ms / 86,400,000)), recomputed from the ledger in the
 * batch that writes it: the week and month leaderboards sum at most 7 or 30 rows per member, however
 * long the ledger grows.
 */
export const pointDays = sqliteTable(
  "point_days",
  {
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: integer("day", { mode: "number" }).notNull(),
    points: integer("points", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.day, t.userId] }),
    // Covering, so a period's sums are read from the index alone.
    index("point_days_period_idx").on(t.communityId, t.day, t.userId, t.points),
  ],
);

/** Names an owner gave to levels of their community; a level without a row is shown as "Level N". */
export const communityLevelNames = sqliteTable(
  "community_level_names",
  {
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    level: integer("level", { mode: "number" }).notNull(),
    name: text("name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.level] })],
);

export { pointValues, type PointReason } from "../../common/points";
