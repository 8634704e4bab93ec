import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Context } from "hono";
import { review } from "../../../common/contract/review";
import type { HonoEnv } from "../../env";
import { commit, notify } from "../../lib/commit";
import { AppError, notFound } from "../../lib/errors";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { creatorColumns, creatorOf } from "./creator";
import { requireUser } from "../../lib/session";
import { communities, users } from "../../lib/tables";
import { staffOnly } from "../../lib/staff-only";

const invalidCursor = () =>
  new AppError("VALIDATION_FAILED", "Some fields are not valid.", { issues: [{ path: "cursor", message: "Invalid cursor" }] });

/**
 * Changes an owner or admin made to an approved community's name, description, images, video or
 * category: they wait for staff, and the approved version is what everyone sees until staff approve.
 */
export const editRoutes = [
  route(
    review.edits,
    async (c) => {
      const { cursor, limit } = c.req.valid("query");
      // Cursor "pendingEditAt:id", oldest change first (the partial index on pending_edit_at serves it).
      const [at, afterId] = cursor ? cursor.split(":") : [];
      const after = cursor ? Number(at) : null;
      if (after !== null && (!Number.isSafeInteger(after) || !afterId)) throw invalidCursor();
      const rows = await c.var.db
        .select({
          id: communities.id,
          reviewStatus: communities.reviewStatus,
          name: communities.name,
          description: communities.description,
          coverVideoUrl: communities.coverVideoUrl,
          categoryKey: communities.categoryKey,
          imageUrls: communities.imageUrls,
          pendingEdit: communities.pendingEdit,
          pendingEditAt: communities.pendingEditAt,
          ...creatorColumns,
        })
        .from(communities)
        .leftJoin(users, eq(users.id, communities.creatorId))
        .where(
          and(
            isNotNull(communities.pendingEditAt),
            after !== null
              ? sql`(${communities.pendingEditAt} > ${after} or (${communities.pendingEditAt} = ${after} and ${communities.id} > ${afterId ?? null}))`
              : undefined,
          ),
        )
        .orderBy(asc(communities.pendingEditAt), asc(communities.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return respond(c, review.edits, {
        items: page.map((r) => ({
          id: r.id,
          reviewStatus: r.reviewStatus,
          current: {
            name: r.name,
            description: r.description,
            coverVideoUrl: r.coverVideoUrl,
            categoryKey: r.categoryKey,
            imageUrls: r.imageUrls,
          },
          proposed: { ...(r.pendingEdit ?? {}), submittedAt: r.pendingEditAt ?? 0 },
          creator: creatorOf(r),
        })),
        nextCursor: rows.length > limit && last ? `${last.pendingEditAt}:${last.id}` : null,
      });
    },
    [staffOnly],
  ),
  route(
    review.approveEdit,
    (c) => decideEdit(c, c.req.valid("param").id, "approve_edit", c.req.valid("json").submittedAt, undefined),
    [staffOnly],
  ),
  route(
    review.rejectEdit,
    (c) => decideEdit(c, c.req.valid("param").id, "reject_edit", c.req.valid("json").submittedAt, c.req.valid("json").reason),
    [staffOnly],
  ),
];

async function decideEdit(
  c: Context<HonoEnv>,
  id: string,
  decision: "approve_edit" | "reject_edit",
  submittedAt: number,
  reason: string | undefined,
) {
  const staff = await requireUser(c);
  const db = c.var.db;
  const row = await db
    .select({ pendingEdit: communities.pendingEdit, pendingEditAt: communities.pendingEditAt, creatorId: communities.creatorId })
    .from(communities)
    .where(eq(communities.id, id))
    .get();
  if (!row) throw notFound("Community not found.");
  if (!row.pendingEdit || row.pendingEditAt === null)
    throw new AppError("CONFLICT", "This community has no changes waiting for review.");
  if (row.pendingEditAt !== submittedAt) {
    throw new AppError("CONFLICT", "The community's changes were edited again since you opened them. Reload to see the latest.");
  }
  const now = Date.now();
  // Guarded by the version staff saw: an edit changed meanwhile is neither applied nor dropped.
  const update = db
    .update(communities)
    .set({
      ...(decision === "approve_edit" ? row.pendingEdit : {}),
      pendingEdit: null,
      pendingEditAt: null,
      reviewedAt: now,
      reviewedBy: staff.id,
      updatedAt: now,
    })
    .where(and(eq(communities.id, id), eq(communities.pendingEditAt, submittedAt)))
    .returning({ id: communities.id });
  const applied = sql`exists (select 1 from ${communities} where ${communities.id} = ${id} and ${communities.pendingEditAt} is null
    and ${communities.reviewedAt} = ${now} and ${communities.reviewedBy} = ${staff.id})`;
  const read = await commit(c, {
    steps: [
      update,
      row.creatorId
        ? notify({
            recipientId: row.creatorId,
            senderId: null,
            communityId: id,
            type: "SYSTEM_ANNOUNCEMENT",
            data: { kind: "review", decision, ...(reason ? { reason } : {}) },
            onlyIf: applied,
          })
        : null,
    ],
  });
  if (read(update).length === 0) {
    throw new AppError("CONFLICT", "The community's changes were edited again since you opened them. Reload to see the latest.");
  }
  return respond(c, review[decision === "approve_edit" ? "approveEdit" : "rejectEdit"], { id });
}
