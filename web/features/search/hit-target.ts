import type { SearchHit } from "../../../common/contract/search";
import { setCurrentCommunityId } from "../../lib/current-community";

/** Where a result leads, as router link options. */
export function hitTarget(hit: SearchHit) {
  switch (hit.kind) {
    case "communities":
      return { to: "/communities/$communityId", params: { communityId: hit.id } } as const;
    case "posts":
      return { to: "/post/$postId", params: { postId: hit.id } } as const;
    case "comments":
      return { to: "/post/$postId", params: { postId: hit.postId ?? "" } } as const;
    case "courses":
      return { to: "/course/$courseId", params: { courseId: hit.id } } as const;
    case "events":
      return { to: "/calendar" } as const;
    case "people":
      return { to: "/members" } as const;
  }
}

/**
 * Members, calendar and classroom pages show the current community: a result from one of the viewer's
 * communities makes it the current one before its page opens. A community result only shows its page.
 */
export function enterHitCommunity(hit: SearchHit) {
  if (hit.kind !== "communities" && hit.communityId) setCurrentCommunityId(hit.communityId);
}
