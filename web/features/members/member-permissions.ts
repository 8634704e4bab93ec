import type { MemberRole } from "../../../common/contract/enums";

/** A person's standing in a community: the owner above every role. */
export type CommunityRank = MemberRole | "owner";

const rank: Record<CommunityRank, number> = { member: 0, moderator: 1, admin: 2, owner: 3 };

/** The signed-in person's standing, from their entry in /api/me/communities. */
export const callerRank = (community: { role: MemberRole; isCreator: boolean }): CommunityRank =>
  community.isCreator ? "owner" : community.role;

/** A member's standing, from their card. */
export const memberRank = (member: { role: MemberRole; isOwner: boolean }): CommunityRank =>
  member.isOwner ? "owner" : member.role;

/**
 * Whether to offer Remove and Ban on a member's card. The server decides (worker/lib/membership.ts
 * mayRemove); this mirrors it so nobody is offered an action that can only be refused: the owner anyone
 * but themselves, admins moderators and members, moderators members only, nobody the owner or themselves.
 */
export function mayRemove(actor: CommunityRank, target: CommunityRank, isSelf: boolean): boolean {
  if (isSelf || target === "owner") return false;
  if (actor === "owner") return true;
  if (actor === "admin") return rank[target] < rank.admin;
  if (actor === "moderator") return target === "member";
  return false;
}
