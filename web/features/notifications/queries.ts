import { queryOptions } from "@tanstack/react-query";
import { unreadNotificationsKey } from "../../../common/query-keys";
import { call } from "../../lib/api";

export const NOTIFICATIONS_DROPDOWN_LIMIT = 5;

/**
 * Keys end in a scope: a community id, or "all". Live events and mark-read use the scope to reach exactly
 * the lists and counts a notification belongs to.
 */
export const notificationKeys = {
  all: () => ["notifications"] as const,
  recentLists: () => ["notifications", "recent"] as const,
  lists: () => ["notifications", "list"] as const,
  unreadCounts: () => ["notifications", "unread-count"] as const,
  recent: (communityId: string | null) => ["notifications", "recent", communityId ?? "all"] as const,
  list: (communityId: string | null) => ["notifications", "list", communityId ?? "all"] as const,
  unread: unreadNotificationsKey,
};

/** Its own root: the bell's cache helpers walk every ["notifications", ...] entry as a list or count. */
export const notificationPreferencesKey = () => ["notification-preferences"] as const;

/** Which notifications the user gets, per type, in the app and by e-mail. */
export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationPreferencesKey(),
    queryFn: ({ signal }) => call("GET /api/notifications/preferences", { signal }),
  });

export function recentNotificationsQueryOptions(communityId: string | null) {
  return queryOptions({
    queryKey: notificationKeys.recent(communityId),
    queryFn: ({ signal }) =>
      call("GET /api/notifications", { query: { limit: NOTIFICATIONS_DROPDOWN_LIMIT, communityId }, signal }),
  });
}

/**
 * The badge. No polling: the user's room pushes new notifications and counts (see app/user-room/user-events.ts);
 * TanStack Query still refetches when the window regains focus, and the room's reconnect refetches it.
 */
export function unreadNotificationsQueryOptions(communityId: string | null) {
  return queryOptions({
    queryKey: notificationKeys.unread(communityId),
    queryFn: async ({ signal }) => (await call("GET /api/notifications/unread-count", { query: { communityId }, signal })).count,
  });
}
