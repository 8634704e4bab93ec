import { sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { review } from "../../../common/contract/review";
import type { HonoEnv } from "../../env";
import { AppError, notFound } from "../../lib/errors";
import { canReview, type ReviewStatus } from "../../lib/permissions";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { requireUser } from "../../lib/session";
import { commit, notify } from "../../lib/commit";
import type { Category } from "../../../common/catalog";

type Decision = "approve" | "reject" | "suspend" | "restore";

/** Which status each decision starts from and leads to. */
const transitions: Record<Decision, { from: ReviewStatus[]; to: ReviewStatus }> = {
  approve: { from: ["under_review", "rejected"], to: "approved" },
  reject: { from: ["under_review"], to: "rejected" },
  suspend: { from: ["approved"], to: "suspended" },
  restore: { from: ["suspended"], to: "approved" },
};

type QueueRow = {
  id: string;
  name: string;
  description: string;
  category_key: Category;
  image_urls: string;
  review_status: ReviewStatus;
  rejection_reason: string | null;
  submitted_for_review_at: number | null;
  created_at: number;
  creator_id: string | null;
  creator_name: string | null;
  creator_email: string | null;
};

/** The staff console (/api/admin/…) is staff's alone: everyone else gets 404. */
export const staffOnly: MiddlewareHandler<HonoEnv> = async (c, next) => {
  const user = await requireUser(c);
  if (!canReview({ userId: user.id, platformRole: user.platformRole })) throw notFound("Not found.");
  await next();
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
      const submitted = sql.raw("coalesce(c.submitted_for_review_at, c.created_at)");
      const results = await c.var.db.all<QueueRow>(
        sql`select c.id, c.name, c.description, c.category_key, c.image_urls, c.review_status, c.rejection_reason,
            c.submitted_for_review_at, c.created_at, c.creator_id, u.full_name as creator_name, u.email as creator_email
          from communities c left join users u on u.id = c.creator_id
          where c.review_status = ${status}${
            after !== null
              ? sql` and (${submitted} > ${after} or (${submitted} = ${after} and c.id > ${afterId ?? null}))`
              : sql``
          }
          order by ${submitted} asc, c.id asc limit ${limit + 1}`,
      );
      const page = results.slice(0, limit);
      return respond(c, review.queue, {
        items: page.map((r) => ({
          id: r.id,
          name: r.name,
          description: r.description,
          categoryKey: r.category_key,
          imageUrls: JSON.parse(r.image_urls) as string[],
          reviewStatus: r.review_status,
          rejectionReason: r.rejection_reason,
          submittedAt: r.submitted_for_review_at ?? r.created_at,
          creator: r.creator_id ? { id: r.creator_id, fullName: r.creator_name ?? "", email: r.creator_email ?? "" } : null,
        })),
        nextCursor:
          results.length > limit ? `${page.at(-1)!.submitted_for_review_at ?? page.at(-1)!.created_at}:${page.at(-1)!.id}` : null,
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
  const community = await db.get<
    { id: string; name: string; creator_id: string | null; review_status: ReviewStatus } | undefined
  >(sql`select id, name, creator_id, review_status from communities where id = ${id}`);
  if (!community) throw notFound("Community not found.");
  const rule = transitions[decision];
  if (!rule.from.includes(community.review_status)) {
    throw new AppError(
      "CONFLICT",
      `A community that is ${community.review_status.replace("_", " ")} cannot be given that decision.`,
    );
  }
  const now = Date.now();
  // The status guard in the update makes two staff deciding at once harmless: one wins, one no-ops.
  const update = db.all<{ id: string }>(
    sql`update communities set review_status = ${rule.to},
          rejection_reason = ${decision === "approve" || decision === "restore" ? null : (reason ?? null)},
          reviewed_at = ${now}, reviewed_by = ${staff.id}, updated_at = ${now}
        where id = ${id} and review_status in (${sql.join(
          rule.from.map((status) => sql`${status}`),
          sql`, `,
        )}) returning id`,
  );
  const read = await commit(c, {
    steps: [
      update,
      community.creator_id
        ? notify({
            recipientId: community.creator_id,
            senderId: null,
            communityId: community.id,
            type: "SYSTEM_ANNOUNCEMENT",
            data: { kind: "review", decision, ...(reason ? { reason } : {}) },
            onlyIf: sql`exists (select 1 from communities where id = ${id} and review_status = ${rule.to} and reviewed_at = ${now})`,
          })
        : null,
    ],
  });
  if (read(update).length === 0) throw new AppError("CONFLICT", "Someone else decided on this community a moment ago.");
  return respond(c, review[decision], { id, reviewStatus: rule.to });
}
