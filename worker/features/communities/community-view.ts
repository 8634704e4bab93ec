import { canManage, canManageContent, canOwn, canReview, hasMemberAccess, isListed, type Actor } from "../../lib/permissions";
import type { CommunityRow } from "../../lib/community-row";

/** What the detail and about pages get: the community plus what the viewer may do, computed here. */
export function communityView(row: CommunityRow, actor: Actor) {
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
      reviewStatus: row.reviewStatus,
      rejectionReason: manager || canReview(actor) ? row.rejectionReason : null,
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
      canJoin: membership === null && !row.banned && isListed(row) && row.visibility === "public",
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
    },
  };
}

export type CommunityView = ReturnType<typeof communityView>;
