import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { broadcastSegments, broadcastStatuses } from "../../common/contract/broadcasts";
import { users } from "./auth";
import { communities } from "./communities";
import { counter, idColumn, millis } from "./columns";

/**
 * An e-mail from a community's owner or an admin to its members. The cron sends it in batches in
 * member id order: `cursor` is the last member a batch took and `claim` the run that took it, moved
 * together in one statement so two runs never take the same members.
 */
export const communityBroadcasts = sqliteTable(
  "community_broadcasts",
  {
    id: idColumn(),
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    senderId: text("sender_id").references(() => users.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    segment: text("segment", { enum: broadcastSegments }).notNull(),
    minLevel: integer("min_level", { mode: "number" }),
    status: text("status", { enum: broadcastStatuses }).notNull().default("queued"),
    recipients: counter("recipients"),
    sent: counter("sent"),
    skipped: counter("skipped"),
    failed: counter("failed"),
    cursor: text("cursor").notNull().default(""),
    claim: text("claim"),
    createdAt: millis("created_at").notNull(),
    finishedAt: millis("finished_at"),
  },
  (t) => [
    index("community_broadcasts_community_idx").on(t.communityId, t.createdAt),
    index("community_broadcasts_status_idx").on(t.status, t.createdAt),
  ],
);
