import { and, eq, inArray, type SQLWrapper } from "drizzle-orm";
import { newId } from "../../../common/ids";
import type { CommunityRow } from "../../lib/community-row";
import type { Db } from "../../lib/db";
import { AppError } from "../../lib/errors";
import { communities, communityMembers, uploads, type PendingCommunityEdit } from "../../lib/tables";
import { award } from "../../lib/commit";
import { plans } from "../../../common/catalog";
import type { CreateCommunityBody, UpdateCommunityBody } from "../../../common/contract/communities";

const toTetri = (gel: number) => Math.round(gel * 100);

/** Which of these community images are uploads of `ownerId` (a value or the session's user id): a statement. */
export function ownImages(db: Db, ownerId: string | SQLWrapper, urls: string[]) {
  const keys = urls.map((u) => u.slice("/files/".length));
  return keys.length > 0
    ? db
        .select({ key: uploads.r2Key })
        .from(uploads)
        .where(and(eq(uploads.ownerId, ownerId), eq(uploads.purpose, "community_image"), inArray(uploads.r2Key, keys)))
    : null;
}

/** Every image of a community must be an upload of the person saving it (or already on the community). */
export function assertOwnImages(owned: { key: string }[] | null, urls: string[], alreadyThere: string[] = []) {
  const keys = new Set((owned ?? []).map((r) => r.key));
  const fresh = urls.filter((u) => !alreadyThere.includes(u)).map((u) => u.slice("/files/".length));
  if (fresh.some((key) => !keys.has(key))) {
    throw new AppError("VALIDATION_FAILED", "Some fields are not valid.", {
      issues: [{ path: "imageUrls", message: "Images must be uploaded first" }],
    });
  }
}

/** The community, its owner (stored as admin) and the creation bonus, in one batch. */
export function createCommunity(db: Db, ownerId: string, body: CreateCommunityBody) {
  const id = newId();
  const now = Date.now();
  // A paid plan applies once it is paid (POST /api/payments/plan); until then the community is on Free.
  const plan = plans.free;
  const steps = [
    db.insert(communities).values({
      id,
      name: body.name,
      description: body.description,
      phoneNumber: body.phoneNumber,
      coverVideoUrl: body.coverVideoUrl ?? null,
      categoryKey: body.categoryKey,
      imageUrls: body.imageUrls,
      isPaid: body.isPaid,
      price: body.isPaid && body.price != null ? toTetri(body.price) : 0,
      currency: "GEL",
      paymentType: body.isPaid ? (body.paymentType ?? null) : null,
      subscriptionInterval: body.isPaid && body.paymentType === "subscription" ? (body.subscriptionInterval ?? "monthly") : null,
      targetAudience: body.targetAudience,
      visibility: body.visibility,
      subscriptionPlan: plan.id,
      planFeatures: [...plan.features],
      planLimits: { maxMembers: plan.maxMembers },
      creatorId: ownerId,
      reviewStatus: "under_review",
      submittedForReviewAt: now,
      archived: false,
      membersCount: 1,
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(communityMembers).values({ communityId: id, profileId: ownerId, role: "admin", joinedAt: now }),
    award({ userId: ownerId, communityId: id, reason: "community_created", sourceKind: "community", sourceId: id }),
  ];
  return { id, steps };
}

/** The fields an edit writes as they are sent (the price is stored in tetri); the pricing ones are the owner's alone. */
const editable = [
  "name",
  "description",
  "phoneNumber",
  "coverVideoUrl",
  "categoryKey",
  "imageUrls",
  "targetAudience",
  "isPaid",
  "paymentType",
  "subscriptionInterval",
] as const satisfies readonly (keyof UpdateCommunityBody & keyof typeof communities.$inferInsert)[];

/** The price and how it is paid: the owner's alone to change (DESIGN.md section 4). */
const pricing = ["isPaid", "price", "paymentType", "subscriptionInterval"] as const;

/** What an edit writes to the community's columns: only the fields sent (the price in tetri). */
function editedColumns(body: UpdateCommunityBody): Partial<typeof communities.$inferInsert> {
  const changes: Partial<typeof communities.$inferInsert> = {};
  for (const key of editable) if (body[key] !== undefined) Object.assign(changes, { [key]: body[key] });
  if (body.price != null) changes.price = toTetri(body.price);
  // Going free clears the paid fields; the contract lets nothing else clear them.
  if (body.isPaid === false) Object.assign(changes, { price: 0, paymentType: null, subscriptionInterval: null });
  return changes;
}

/**
 * Whether an edit would change the community's price or how it is paid. Compared with what is stored,
 * not with what was sent: the edit form sends every field, and an admin saving the description sends
 * the price it was shown.
 */
export function changesPricing(body: UpdateCommunityBody, current: Pick<CommunityRow, (typeof pricing)[number]>): boolean {
  const changes = editedColumns(body);
  return pricing.some((key) => changes[key] !== undefined && changes[key] !== current[key]);
}

/** What explore and the detail page show: after approval, a change to one of these waits for staff. */
export const materialFields = ["name", "description", "coverVideoUrl", "categoryKey", "imageUrls"] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Splits an edit into what is written now and the pending edit that waits for staff. An approved or
 * suspended community keeps showing its approved name, description, images, video and category until
 * staff approve the change: otherwise an approved community could be renamed and rewritten into
 * something review never saw. A field sent back to its approved value leaves the pending edit; a new
 * edit of a field already waiting replaces it.
 */
function heldChanges(changes: Partial<typeof communities.$inferInsert>, row: CommunityRow) {
  const pending: PendingCommunityEdit = { ...(row.pendingEdit ?? {}) };
  let touched = false;
  for (const key of materialFields) {
    if (!(key in changes)) continue;
    touched = true;
    if (same(changes[key], row[key])) delete pending[key];
    else Object.assign(pending, { [key]: changes[key] });
    delete changes[key];
  }
  if (!touched) return changes;
  const waiting = Object.keys(pending).length > 0;
  const unchanged = same(pending, row.pendingEdit ?? {});
  return {
    ...changes,
    pendingEdit: waiting ? pending : null,
    // The version staff approve: it moves only when what waits changes.
    pendingEditAt: waiting ? (unchanged ? row.pendingEditAt : Date.now()) : null,
  };
}

/** Writes only the fields the owner or an admin sent: a statement, or null when nothing changes. */
export function updateCommunity(db: Db, row: CommunityRow, body: UpdateCommunityBody, opts: { resubmit: boolean }) {
  const edited = editedColumns(body);
  const held = row.reviewStatus === "approved" || row.reviewStatus === "suspended";
  const changes = held ? heldChanges(edited, row) : edited;
  if (Object.keys(changes).length === 0) return null;
  // A rejected community goes back into the review queue once its owner has changed it.
  if (opts.resubmit)
    Object.assign(changes, { reviewStatus: "under_review", rejectionReason: null, submittedForReviewAt: Date.now() });
  return db
    .update(communities)
    .set({ ...changes, updatedAt: Date.now() })
    .where(eq(communities.id, row.id));
}
