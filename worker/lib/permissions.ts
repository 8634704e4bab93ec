import type { MemberRole, ReviewStatus } from "../../common/contract/enums";

/**
 * Who may do what in a community (DESIGN.md section 4). Pure functions of facts the server read, so the
 * same rules back the API and the flags the web app shows.
 */
export type { MemberRole, ReviewStatus };
export type CommunityRole = "owner" | MemberRole;

export type CommunityFacts = {
  creatorId: string | null;
  archived: boolean;
  reviewStatus: ReviewStatus;
  isPaid?: boolean;
};

export type MembershipFacts = {
  role: MemberRole;
  /** For paid communities: end of paid access (null = no end). */
  accessUntil?: number | null;
} | null;

export type Actor = { userId: string; platformRole: "staff" | null } | null;

/** The owner is stored as admin; ownership is the creator id. */
export function communityRole(actor: Actor, community: CommunityFacts, membership: MembershipFacts): CommunityRole | null {
  if (!actor) return null;
  if (community.creatorId === actor.userId) return "owner";
  return membership?.role ?? null;
}

/** The roles in order: a report on someone's content goes only to those ranked above them (and staff). */
export const roleRank: Record<CommunityRole, number> = { member: 0, moderator: 1, admin: 2, owner: 3 };
const atLeast = (role: CommunityRole | null, min: CommunityRole) => role !== null && roleRank[role] >= roleRank[min];

const isStaff = (actor: Actor) => actor?.platformRole === "staff";

/** Public pages show approved communities; the rest only to their owner and staff. */
export function canViewCommunity(actor: Actor, community: CommunityFacts): boolean {
  if (community.reviewStatus === "approved") return true;
  return isStaff(actor) || (actor !== null && community.creatorId === actor.userId);
}

/** Listed in explore and joinable: approved, active, not archived. */
export function isListed(community: CommunityFacts): boolean {
  return community.reviewStatus === "approved" && !community.archived;
}

/** Members-only areas (feed, classroom, calendar, members, leaderboard, group chats). */
export function hasMemberAccess(actor: Actor, community: CommunityFacts, membership: MembershipFacts, now = Date.now()): boolean {
  const role = communityRole(actor, community, membership);
  if (role === null) return false;
  if (role === "owner") return true;
  if (community.reviewStatus !== "approved") return false;
  if (community.isPaid && role === "member" && membership?.accessUntil != null && membership.accessUntil <= now) return false;
  return true;
}

/** Archived communities are read-only for everyone. */
export function canWrite(actor: Actor, community: CommunityFacts, membership: MembershipFacts): boolean {
  return !community.archived && hasMemberAccess(actor, community, membership);
}

export function canDeleteContent(
  actor: Actor,
  community: CommunityFacts,
  membership: MembershipFacts,
  authorId: string | null,
): boolean {
  if (!actor || community.archived) return false;
  if (authorId === actor.userId && hasMemberAccess(actor, community, membership)) return true;
  return atLeast(communityRole(actor, community, membership), "moderator");
}

export function canEditContent(actor: Actor, community: CommunityFacts, membership: MembershipFacts, authorId: string | null) {
  return actor !== null && authorId === actor.userId && canWrite(actor, community, membership);
}

/** Pin posts, create courses, videos and events, edit the community, manage topics, see Settings. */
export function canManage(actor: Actor, community: CommunityFacts, membership: MembershipFacts): boolean {
  return atLeast(communityRole(actor, community, membership), "admin");
}

export function canManageContent(actor: Actor, community: CommunityFacts, membership: MembershipFacts): boolean {
  return !community.archived && canManage(actor, community, membership);
}

/** Change member roles and archive: the owner only. */
export function canOwn(actor: Actor, community: CommunityFacts, membership: MembershipFacts): boolean {
  return communityRole(actor, community, membership) === "owner";
}

/**
 * The community's report queue: moderators, admins and the owner, archived communities too. Which
 * reports each of them sees follows from `roleRank`, which the queue reads in SQL (access.ts, roleRankSql).
 */
export function canSeeReports(actor: Actor, community: CommunityFacts, membership: MembershipFacts): boolean {
  return atLeast(communityRole(actor, community, membership), "moderator");
}

export function canReview(actor: Actor): boolean {
  return isStaff(actor);
}
