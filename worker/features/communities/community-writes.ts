import { and, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { newId } from "../../../common/ids";
import type { Db } from "../../lib/db";
import { AppError } from "../../lib/errors";
import { communities, communityMembers, uploads } from "../../lib/tables";
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

const columnOf: Record<string, string> = {
  name: "name",
  description: "description",
  phoneNumber: "phone_number",
  coverVideoUrl: "cover_video_url",
  categoryKey: "category_key",
  imageUrls: "image_urls",
  targetAudience: "target_audience",
  isPaid: "is_paid",
  price: "price",
  paymentType: "payment_type",
  subscriptionInterval: "subscription_interval",
};

/** Writes only the fields the owner or an admin sent: a statement, or null when nothing changes. */
export function updateCommunity(db: Db, id: string, body: UpdateCommunityBody, opts: { resubmit: boolean }) {
  const sets: SQL[] = [];
  const free = body.isPaid === false;
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || !(key in columnOf)) continue;
    // Going free clears the paid fields below, once.
    if (free && (key === "price" || key === "paymentType" || key === "subscriptionInterval")) continue;
    let param: unknown = value;
    if (key === "imageUrls" || key === "targetAudience") param = JSON.stringify(value);
    else if (key === "isPaid") param = value ? 1 : 0;
    else if (key === "price") param = value === null ? 0 : toTetri(value as number);
    sets.push(sql`${sql.raw(columnOf[key]!)} = ${param}`);
  }
  if (free) sets.push(sql.raw("price = 0"), sql.raw("payment_type = null"), sql.raw("subscription_interval = null"));
  if (sets.length === 0) return null;
  // A rejected community goes back into the review queue once its owner has changed it.
  if (opts.resubmit)
    sets.push(sql`review_status = 'under_review'`, sql`rejection_reason = null`, sql`submitted_for_review_at = ${Date.now()}`);
  sets.push(sql`updated_at = ${Date.now()}`);
  return db.run(sql`update communities set ${sql.join(sets, sql`, `)} where id = ${id}`);
}
