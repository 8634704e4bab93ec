import type { CommunityViewer } from "../../../../common/contract/communities";

export const MANAGE_TABS = ["details", "topics", "members", "requests", "banned", "reports", "archive"] as const;
export type ManageTab = (typeof MANAGE_TABS)[number];

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

export function validateManageTab(value: unknown): ManageTab | undefined {
  return (MANAGE_TABS as readonly unknown[]).includes(value) ? (value as ManageTab) : undefined;
}
