import type { CommunityViewer } from "../../../../common/contract/communities";
import { MANAGE_TABS, type ManageTab } from "./manage-tabs";

// Apart from manage-tabs.ts, whose list the settings route reads to validate its address: this is only
// the settings screen's, and stays out of the first route's chunk.
/**
 * Which management tabs a viewer gets: owner and admins manage details, topics, members and who is
 * banned; moderators and up handle reports and, in a private community, the requests to join; only the
 * owner archives.
 */
export function manageTabsFor(
  viewer: Pick<CommunityViewer, "canManage" | "canOwn" | "role" | "isCreator">,
  community: { visibility: "public" | "private" } = { visibility: "public" },
): ManageTab[] {
  const moderates = viewer.canManage || viewer.role === "moderator";
  return MANAGE_TABS.filter((tab) => {
    if (tab === "reports") return moderates;
    if (tab === "requests") return moderates && community.visibility === "private";
    if (tab === "archive") return viewer.canOwn;
    return viewer.canManage;
  });
}
