import type { SearchHit } from "../../../common/contract/search";
import { setCurrentCommunityId } from "../../lib/current-community";

/** "2026-11" for a time in the viewer's own zone, the month the calendar's `?month=` opens. */
function monthOf(time: number): string {
  const date = new Date(time);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}`;
}

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
      // The event's month in the viewer's zone, where it shows whether it is past or upcoming.
      return {
        to: "/calendar",
        search: hit.startTime === null ? { event: hit.id } : { month: monthOf(hit.startTime), event: hit.id },
      } as const;
    case "people":
      return { to: "/profile/$userId", params: { userId: hit.id } } as const;
  }
}

/**
 * Calendar and classroom pages show the current community: a result from one of the viewer's communities
 * makes it the current one before its page opens. A community or a person's result only shows its page.
 */
export function enterHitCommunity(hit: SearchHit) {
  if (hit.kind !== "communities" && hit.kind !== "people" && hit.communityId) setCurrentCommunityId(hit.communityId);
}
