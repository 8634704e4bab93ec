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
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.communityId] }), index("user_points_leaderboard_idx").on(t.communityId, t.points)],
);

export { pointValues, type PointReason } from "../../common/points";
