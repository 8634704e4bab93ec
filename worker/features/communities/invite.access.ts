import { AppError, forbidden } from "../../lib/errors";
import { assertWritable, visibleCommunity, type CommunityAccess } from "../../lib/access";
import { canManage, isListed, type CommunityFacts } from "../../lib/permissions";

/** Inviting is for the owner and admins of a community the caller can see (403 where it is visible, 404 where not). */
export function managedCommunity(access: CommunityAccess) {
  const community = visibleCommunity(access.actor, access.community);
  if (!canManage(access.actor, community, access.membership))
    throw forbidden("Only the owner and admins can invite people to this community.");
  return community;
}

/** New invitations only lead somewhere while the community is open to new members. */
export function assertInvitable(community: CommunityFacts) {
  assertWritable(community);
  if (!isListed(community)) throw new AppError("CONFLICT", "People can be invited once the community is approved.");
}
