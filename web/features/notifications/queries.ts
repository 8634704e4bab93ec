import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export type NotificationItem = {
  id: string;
  type: string;
  title: string;
  content: string;
  isRead: boolean;
  createdAt: number;
  sender: { id: string; fullName: string | null; avatarUrl: string | null } | null;
  community: { id: string; name: string } | null;
  postId: string | null;
  commentId: string | null;
  eventId: string | null;
  courseId: string | null;
  conversationId: string | null;
  /** Structured facts for a translated sentence, e.g. `{ kind: "review", decision: "approve" }`. */
  data?: Record<string, unknown> | null;
};

export type NotificationPage = { items: NotificationItem[]; nextCursor: string | null };

export const NOTIFICATIONS_DROPDOWN_LIMIT = 5;
/** Spec 000 section 9: the list pages by 20; more pages exist while a full page came back. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

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
  unread: (communityId: string | null) => ["notifications", "unread-count", communityId ?? "all"] as const,
};

export function toNotificationPage(res: Partial<NotificationPage> | undefined): NotificationPage {
  return { items: Array.isArray(res?.items) ? res.items : [], nextCursor: res?.nextCursor ?? null };
}

export function recentNotificationsQueryOptions(communityId: string | null) {
  return queryOptions({
    queryKey: notificationKeys.recent(communityId),
    queryFn: async ({ signal }): Promise<NotificationPage> =>
      toNotificationPage(
        await api.get<Partial<NotificationPage>>("/api/notifications", {
          query: { limit: NOTIFICATIONS_DROPDOWN_LIMIT, communityId },
          signal,
        }),
      ),
  });
}

/**
 * The badge. No polling: the user's room pushes new notifications and counts (see app/user-events.ts);
 * TanStack Query still refetches when the window regains focus, and the room's reconnect refetches it.
 */
export function unreadNotificationsQueryOptions(communityId: string | null) {
  return queryOptions({
    queryKey: notificationKeys.unread(communityId),
    queryFn: async ({ signal }) => {
      const res = await api.get<{ count?: number }>("/api/notifications/unread-count", {
        query: { communityId },
        signal,
      });
      return typeof res?.count === "number" ? res.count : 0;
    },
  });
}
