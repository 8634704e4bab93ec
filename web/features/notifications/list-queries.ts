import { infiniteQueryOptions } from "@tanstack/react-query";
import { NOTIFICATIONS_PAGE_SIZE } from "../../../common/contract/limits";
import { call } from "../../lib/api";
import { notificationKeys } from "./queries";

/** The /notifications page: newest first, pages of 20, for one community or all of them. */
export function notificationListQueryOptions(communityId: string | null) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(communityId),
    queryFn: ({ pageParam, signal }) =>
      call("GET /api/notifications", { query: { limit: NOTIFICATIONS_PAGE_SIZE, communityId, cursor: pageParam }, signal }),
    initialPageParam: null as string | null,
    // A short page is the last one, whatever the cursor says.
    getNextPageParam: (last) => (last.items.length >= NOTIFICATIONS_PAGE_SIZE ? last.nextCursor : null),
  });
}
