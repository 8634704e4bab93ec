import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { createdAt, idColumn, millis } from "./columns";
import { communities } from "./communities";
import { reportStatuses, reportTargetKinds, type ReportStatus, type ReportTargetKind } from "../../common/contract/enums";

export { reportStatuses, reportTargetKinds, type ReportStatus, type ReportTargetKind };

/**
 * Reports of posts, comments and messages. Staff and the community decide apart: `status` is staff
 * review, `community_status` the community's own queue, so a community dismissal never closes staff review.
 */
export const reports = sqliteTable(
  "reports",
  {
    id: idColumn(),
    // Set null so a report survives the reporter's account purge.
    reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    /** Null for messages in direct chats. */
    communityId: text("community_id").references(() => communities.id, { onDelete: "cascade" }),
    targetKind: text("target_kind", { enum: reportTargetKinds }).notNull(),
    // Not a foreign key: the target may be deleted while the report is handled.
    targetId: text("target_id").notNull(),
    /**
     * Who wrote the reported content, kept from filing so the report still has an author after the
     * content is deleted. Their role is read when the queue is read, so a later promotion counts.
     */
    targetAuthorId: text("target_author_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    /**
     * What was reported, as it read when the report was filed (its first 200 characters): the evidence
     * stays when its author edits or deletes it.
     */
    excerpt: text("excerpt"),
    status: text("status", { enum: reportStatuses }).notNull().default("open"),
    handledBy: text("handled_by").references(() => users.id, { onDelete: "set null" }),
    handledAt: millis("handled_at"),
    communityStatus: text("community_status", { enum: reportStatuses }).notNull().default("open"),
    communityHandledBy: text("community_handled_by").references(() => users.id, { onDelete: "set null" }),
    communityHandledAt: millis("community_handled_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("reports_queue_idx").on(t.status, t.createdAt),
    index("reports_community_queue_idx").on(t.communityId, t.communityStatus, t.createdAt),
    index("reports_target_idx").on(t.targetKind, t.targetId),
    // One report per person and target.
    uniqueIndex("reports_reporter_target_unique").on(t.reporterId, t.targetKind, t.targetId),
  ],
);
