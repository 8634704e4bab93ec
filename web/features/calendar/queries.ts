import { queryOptions } from "@tanstack/react-query";
import type { EventFilter } from "../../../common/contract/enums";
import { call } from "../../lib/api";

/** Every calendar cache of a community sits under ["calendar", communityId]: one prefix refreshes them all. */
export const calendarKeys = {
  community: (communityId: string) => ["calendar", communityId] as const,
  list: (communityId: string, filter: EventFilter, tz: string) => ["calendar", communityId, "list", filter, tz] as const,
  month: (communityId: string, month: string, tz: string) => ["calendar", communityId, "month", month, tz] as const,
};

/** The viewer's own time zone: the calendar's days are theirs. */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

export function eventListQueryOptions(communityId: string, filter: EventFilter, tz: string) {
  return queryOptions({
    queryKey: calendarKeys.list(communityId, filter, tz),
    queryFn: ({ signal }) =>
      call("GET /api/communities/:id/events", { params: { id: communityId }, query: { filter, tz }, signal }),
  });
}

export function eventMonthQueryOptions(communityId: string, month: string, tz: string) {
  return queryOptions({
    queryKey: calendarKeys.month(communityId, month, tz),
    queryFn: ({ signal }) =>
      call("GET /api/communities/:id/events", { params: { id: communityId }, query: { month, tz }, signal }),
  });
}
