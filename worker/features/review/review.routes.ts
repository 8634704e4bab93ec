import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Context } from "hono";
import { review } from "../../../common/contract/review";
import type { HonoEnv } from "../../env";
import { AppError, notFound } from "../../lib/errors";
import type { ReviewStatus } from "../../lib/permissions";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { creatorColumns, creatorOf } from "./creator";
import { staffOnly } from "../../lib/staff-only";
import { requireUser } from "../../lib/session";
import { commit, notify } from "../../lib/commit";
import { restoreSteps, suspensionSteps } from "../../lib/membership";
import { communities, users } from "../../lib/tables";

type Decision = "approve" | "reject" | "suspend" | "restore";

/** Which status each decision starts from and leads to. */
const transitions: Record<Decision, { from: ReviewStatus[]; to: ReviewStatus }> = {
  approve: { from: ["under_review", "rejected"], to: "approved" },
  reject: { from: ["under_review"], to: "rejected" },
  suspend: { from: ["approved"], to: "suspended" },
  restore: { from: ["suspended"], to: "approved" },
};

/** The staff console: the review queue and the decisions. Everyone else gets 404. */
export const reviewRoutes = [
  route(
    review.queue,
    async (c) => {
      const { status, cursor, limit } = c.req.valid("query");
      // Cursor "submittedAt:id": the id breaks ties between communities submitted in the same millisecond.
      const [at, afterId] = cursor ? cursor.split(":") : [];
      const after = cursor ? Number(at) : null;
      if (after !== null && (!Number.isSafeInteger(after) || !afterId)) {
        throw new AppError("VALIDATION_FAILED", "Some fields are not valid.", {
          issues: [{ path: "cursor", message: "Invalid cursor" }],
        });
      }
      const submitted = sql<number>`coalesce(${communities.submittedForReviewAt}, ${communities.createdAt})`;
      const results = await c.var.db
        .select({
          id: communities.id,
          name: communities.name,
          description: communities.description,
          categoryKey: communities.categoryKey,
          imageUrls: communities.imageUrls,
          reviewStatus: communities.reviewStatus,
          rejectionReason: communities.rejectionReason,
          submittedForReviewAt: communities.submittedForReviewAt,
          createdAt: communities.createdAt,
          ...creatorColumns,
        })
        .from(communities)
        .leftJoin(users, eq(users.id, communities.creatorId))
        .where(
          and(
            eq(communities.reviewStatus, status),
            after !== null
              ? sql`(${submitted} > ${after} or (${submitted} = ${after} and ${communities.id} > ${afterId ?? null}))`
              : undefined,
          ),
        )
        .orderBy(asc(submitted), asc(communities.id))
        .limit(limit + 1);
      const page = results.slice(0, limit);
      return respond(c, review.queue, {
        items: page.map((r) => ({
          id: r.id,
          name: r.name,
          description: r.description,
          categoryKey: r.categoryKey,
          imageUrls: r.imageUrls,
          reviewStatus: r.reviewStatus,
          rejectionReason: r.rejectionReason,
          submittedAt: r.submittedForReviewAt ?? r.createdAt,
          creator: creatorOf(r),
        })),
        nextCursor:
          results.length > limit ? `${page.at(-1)!.submittedForReviewAt ?? page.at(-1)!.createdAt}:${page.at(-1)!.id}` : null,
      });
    },
    [staffOnly],
  ),
  route(review.approve, (c) => decide(c, "approve", c.req.valid("param").id, undefined), [staffOnly]),
  route(review.reject, (c) => decide(c, "reject", c.req.valid("param").id, c.req.valid("json").reason), [staffOnly]),
  route(review.suspend, (c) => decide(c, "suspend", c.req.valid("param").id, c.req.valid("json").reason), [staffOnly]),
  route(review.restore, (c) => decide(c, "restore", c.req.valid("param").id, undefined), [staffOnly]),
];

async function decide(c: Context<HonoEnv>, decision: Decision, id: string, reason: string | undefined) {
  const staff = await requireUser(c);
  const db = c.var.db;
  const community = await db
    .select({
      id: communities.id,
      name: communities.name,
      creatorId: communities.creatorId,
      reviewStatus: communities.reviewStatus,
      suspendedAt: communities.suspendedAt,
    })
    .from(communities)
    .where(eq(communities.id, id))
    .get();
  if (!community) throw notFound("Community not found.");
  const rule = transitions[decision];
  if (!rule.from.includes(community.reviewStatus)) {
    throw new AppError(
      "CONFLICT",
      `A community that is ${community.reviewStatus.replace("_", " ")} cannot be given that decision.`,
    );
  }
  const now = Date.now();
  // The status guard in the update makes two staff deciding at once harmless: one wins, one no-ops.
  const update = db
    .update(communities)
    .set({
      reviewStatus: rule.to,
      rejectionReason: decision === "approve" || decision === "restore" ? null : (reason ?? null),
      reviewedAt: now,
      reviewedBy: staff.id,
      // The start of the pause that restoring extends every paid period by.
      ...(decision === "suspend" ? { suspendedAt: now } : decision === "restore" ? { suspendedAt: null } : {}),
      updatedAt: now,
    })
    .where(and(eq(communities.id, id), inArray(communities.reviewStatus, rule.from)))
    .returning({ id: communities.id });
  // Read after the update: whether this decision is the one that changed the status.
  const applied = sql`exists (select 1 from ${communities} where ${communities.id} = ${id}
    and ${communities.reviewStatus} = ${rule.to} and ${communities.reviewedAt} = ${now} and ${communities.reviewedBy} = ${staff.id})`;
  const read = await commit(c, {
    steps: [
      // Before the update, while the community is still suspended: the pause it measures ends now.
      ...(decision === "restore" && community.suspendedAt !== null
        ? restoreSteps(db, community.id, community.suspendedAt, now)
        : []),
      update,
      ...(decision === "suspend" ? suspensionSteps(community.id, community.creatorId, applied) : []),
      community.creatorId
        ? notify({
            recipientId: community.creatorId,
            senderId: null,
            communityId: community.id,
            type: "SYSTEM_ANNOUNCEMENT",
            data: { kind: "review", decision, ...(reason ? { reason } : {}) },
            onlyIf: applied,
          })
        : null,
    ],
  });
  if (read(update).length === 0) throw new AppError("CONFLICT", "Someone else decided on this community a moment ago.");
  return respond(c, review[decision], { id, reviewStatus: rule.to });
}
