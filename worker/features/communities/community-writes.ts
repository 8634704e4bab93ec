import { newId } from "../../../common/ids";
import { AppError } from "../../lib/errors";
import { awardStatements } from "../points/points";
import { plans } from "../../../common/catalog";
import type { CreateCommunityBody, UpdateCommunityBody } from "../../../common/contract/communities";

const toTetri = (gel: number) => Math.round(gel * 100);

/** Every image of a community must be an upload of the person saving it (or already on the community). */
export async function assertOwnImages(d1: D1Database, userId: string, urls: string[], alreadyThere: string[] = []) {
  const fresh = urls.filter((u) => !alreadyThere.includes(u)).map((u) => u.slice("/files/".length));
  if (fresh.length === 0) return;
  const placeholders = fresh.map(() => "?").join(", ");
  const row = await d1
    .prepare(
      `select count(*) as n from uploads where owner_id = ? and purpose = 'community_image' and r2_key in (${placeholders})`,
    )
    .bind(userId, ...fresh)
    .first<{ n: number }>();
  if ((row?.n ?? 0) !== new Set(fresh).size) {
    throw new AppError("VALIDATION_FAILED", "Some fields are not valid.", {
      issues: [{ path: "imageUrls", message: "Images must be uploaded first" }],
    });
  }
}

/** The community, its owner (stored as admin) and the creation bonus, in one batch. */
export async function createCommunity(d1: D1Database, ownerId: string, body: CreateCommunityBody): Promise<{ id: string }> {
  const id = newId();
  const now = Date.now();
  const plan = plans[body.plan];
  await d1.batch([
    d1
      .prepare(
        `insert into communities (id, name, description, phone_number, cover_video_url, category_key, image_urls, is_paid, price, currency,
           payment_type, subscription_interval, target_audience, subscription_plan, plan_features, plan_limits, creator_id, review_status,
           submitted_for_review_at, archived, members_count, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'GEL', ?, ?, ?, ?, ?, ?, ?, 'under_review', ?, 0, 1, ?, ?)`,
      )
      .bind(
        id,
        body.name,
        body.description,
        body.phoneNumber,
        body.coverVideoUrl ?? null,
        body.categoryKey,
        JSON.stringify(body.imageUrls),
        body.isPaid ? 1 : 0,
        body.isPaid && body.price != null ? toTetri(body.price) : 0,
        body.isPaid ? (body.paymentType ?? null) : null,
        body.isPaid && body.paymentType === "subscription" ? (body.subscriptionInterval ?? "monthly") : null,
        JSON.stringify(body.targetAudience),
        plan.id,
        JSON.stringify(plan.features),
        JSON.stringify({ maxMembers: plan.maxMembers }),
        ownerId,
        now,
        now,
        now,
      ),
    d1
      .prepare("insert into community_members (community_id, profile_id, role, joined_at) values (?, ?, 'admin', ?)")
      .bind(id, ownerId, now),
    ...awardStatements(d1, {
      userId: ownerId,
      communityId: id,
      reason: "community_created",
      sourceKind: "community",
      sourceId: id,
    }),
  ]);
  return { id };
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

/** Writes only the fields the owner or an admin sent. */
export async function updateCommunity(d1: D1Database, id: string, body: UpdateCommunityBody, opts: { resubmit: boolean }) {
  const sets: string[] = [];
  const params: unknown[] = [];
  const free = body.isPaid === false;
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || !(key in columnOf)) continue;
    // Going free clears the paid fields below, once.
    if (free && (key === "price" || key === "paymentType" || key === "subscriptionInterval")) continue;
    sets.push(`${columnOf[key]} = ?`);
    if (key === "imageUrls" || key === "targetAudience") params.push(JSON.stringify(value));
    else if (key === "isPaid") params.push(value ? 1 : 0);
    else if (key === "price") params.push(value === null ? 0 : toTetri(value as number));
    else params.push(value);
  }
  if (free) sets.push("price = 0", "payment_type = null", "subscription_interval = null");
  if (sets.length === 0) return;
  // A rejected community goes back into the review queue once its owner has changed it.
  if (opts.resubmit)
    sets.push("review_status = 'under_review'", "rejection_reason = null", `submitted_for_review_at = ${Date.now()}`);
  sets.push("updated_at = ?");
  params.push(Date.now(), id);
  await d1
    .prepare(`update communities set ${sets.join(", ")} where id = ?`)
    .bind(...params)
    .run();
}
