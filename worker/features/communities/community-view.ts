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
    },
    viewer: {
      isMember: membership !== null,
      role: membership?.role ?? null,
      isCreator: actor !== null && row.creatorId === actor.userId,
      hasAccess: hasMemberAccess(actor, row, membership),
      canJoin: membership === null && isListed(row),
      canManage: manager,
      canEdit: canManageContent(actor, row, membership),
      canOwn: canOwn(actor, row, membership),
      isStaff: canReview(actor),
    },
  };
}

export type CommunityView = ReturnType<typeof communityView>;
