import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
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
};

export type NotificationPage = { items: NotificationItem[]; nextCursor: string | null };

export const NOTIFICATIONS_DROPDOWN_LIMIT = 5;

export function recentNotificationsQueryOptions(communityId: string | null) {
  return queryOptions({
    queryKey: ["notifications", "recent", communityId ?? "all"] as const,
    queryFn: async ({ signal }): Promise<NotificationPage> => {
      const res = await api.get<Partial<NotificationPage>>("/api/notifications", {
        query: { limit: NOTIFICATIONS_DROPDOWN_LIMIT, communityId },
        signal,
      });
      return { items: Array.isArray(res?.items) ? res.items : [], nextCursor: res?.nextCursor ?? null };
    },
  });
}

export function unreadNotificationsQueryOptions(communityId: string | null) {
  return queryOptions({
    queryKey: ["notifications", "unread-count", communityId ?? "all"] as const,
    queryFn: async ({ signal }) => {
      const res = await api.get<{ count?: number }>("/api/notifications/unread-count", {
        query: { communityId },
        signal,
      });
      return typeof res?.count === "number" ? res.count : 0;
    },
    // Until live updates arrive through the user's room, the badge refreshes itself now and then.
    refetchInterval: 60_000,
  });
}

/**
 * Marking read is optimistic: the dot and the badge change at once; read never goes back to unread, so on
 * failure we only re-ask the server for the truth.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<unknown>(`/api/notifications/${encodeURIComponent(id)}/read`),
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: ["notifications"] });
      let wasUnread = false;
      queryClient.setQueriesData<NotificationPage>({ queryKey: ["notifications", "recent"] }, (page) => {
        if (!page) return page;
        return {
          ...page,
          items: page.items.map((n) => {
            if (n.id !== id || n.isRead) return n;
            wasUnread = true;
            return { ...n, isRead: true };
          }),
        };
      });
      if (wasUnread) {
        queryClient.setQueriesData<number>({ queryKey: ["notifications", "unread-count"] }, (count) =>
          typeof count === "number" ? Math.max(0, count - 1) : count,
        );
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["notifications"] }),
  });
}
