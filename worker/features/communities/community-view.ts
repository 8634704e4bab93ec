import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../lib/db";
import { canManage, canManageContent, canOwn, canReview, hasMemberAccess, isListed, type Actor } from "../../lib/permissions";
import type { CommunityRow } from "../../lib/community-row";
import { paymentOrders as po } from "../../lib/tables";

/** The viewer's latest plan payment for the community (a statement; only its owner ever has one). */
export const lastPlanOrder = (db: Db, communityId: string, viewerId: SQL) =>
  db
    .select({ id: po.id, plan: po.plan, status: po.status })
    .from(po)
    .where(and(eq(po.userId, viewerId), eq(po.communityId, communityId), eq(po.kind, "creator_plan")))
    .orderBy(desc(po.createdAt))
    .limit(1);

type PlanOrder = Awaited<ReturnType<typeof lastPlanOrder>>[number];
type UnpaidPlan = { plan: "starter" | "premium" | "business"; unfinishedOrderId: string | null };

/**
 * The paid plan its owner set out to buy and has not paid: their latest plan payment was declined (or
 * given up) or is still unfinished, and the community is not on that plan. The settings page offers
 * the way back to paying it.
 */
export function unpaidPlanOf(row: CommunityRow, actor: Actor, order: PlanOrder | undefined): UnpaidPlan | null {
  if (!order || !actor || row.creatorId !== actor.userId || row.archived) return null;
  const { plan, status } = order;
  if (plan === null || plan === "free" || plan === row.subscriptionPlan) return null;
  if (status === "declined" || status === "expired") return { plan, unfinishedOrderId: null };
  if (status === "created" || status === "processing") return { plan, unfinishedOrderId: order.id };
  return null;
}

/** What the detail and about pages get: the community plus what the viewer may do, computed here. */
export function communityView(
  row: CommunityRow,
  actor: Actor,
  unpaidPlan: UnpaidPlan | null = null,
  /** Opened through an open invite link, which lets its holder into a private community too. */
  via: { link?: boolean } = {},
) {
  const membership = row.membership;
  const manager = canManage(actor, row, membership);
  return {
    community: {
      id: row.id,
      name: row.name,
      description: row.description,
      // Contact details are for the people running the community.
      phoneNumber: manager || canReview(actor) ? row.phoneNumber : null,
      coverVideoUrl: row.coverVideoUrl,
      categoryKey: row.categoryKey,
      imageUrls: row.imageUrls,
      isPaid: row.isPaid,
      price: row.price,
      currency: row.currency,
      paymentType: row.paymentType,
      subscriptionInterval: row.subscriptionInterval,
      targetAudience: row.targetAudience,
      subscriptionPlan: row.subscriptionPlan,
      maxMembers: row.planLimits.maxMembers,
      features: row.planFeatures,
      reviewStatus: row.reviewStatus,
      rejectionReason: manager || canReview(actor) ? row.rejectionReason : null,
      pendingEdit:
        (manager || canReview(actor)) && row.pendingEdit && row.pendingEditAt !== null
          ? { ...row.pendingEdit, submittedAt: row.pendingEditAt }
          : null,
      archived: row.archived,
      membersCount: row.membersCount,
      postsCount: row.postsCount,
      eventsCount: row.eventsCount,
      coursesCount: row.coursesCount,
      createdAt: row.createdAt,
      creator: row.creator,
      visibility: row.visibility,
      hiddenFromExplore: row.hiddenFromExplore,
      membershipQuestions: row.membershipQuestions,
    },
    viewer: {
      isMember: membership !== null,
      role: membership?.role ?? null,
      isCreator: actor !== null && row.creatorId === actor.userId,
      hasAccess: hasMemberAccess(actor, row, membership),
      // Public communities are joined at once; private ones by a request (invitations let people in either way).
      canJoin: membership === null && !row.banned && isListed(row) && (row.visibility === "public" || via.link === true),
      canRequest:
        actor !== null &&
        membership === null &&
        !row.banned &&
        isListed(row) &&
        row.visibility === "private" &&
        row.request?.status !== "pending" &&
        row.request?.status !== "approved",
      // A decision stays news until the person is in: a declined request with its reason, an approved one to pay.
      request: membership === null && row.request ? { status: row.request.status, reason: row.request.reason } : null,
      isBanned: row.banned,
      canManage: manager,
      canEdit: canManageContent(actor, row, membership),
      canOwn: canOwn(actor, row, membership),
      isStaff: canReview(actor),
      unpaidPlan,
    },
  };
}

export type CommunityView = ReturnType<typeof communityView>;
