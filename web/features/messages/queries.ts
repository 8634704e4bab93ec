import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export type ConversationPreview = {
  id: string;
  type: "direct" | "group";
  title: string | null;
  avatarUrl: string | null;
  lastMessage: { content: string; createdAt: number } | null;
  lastMessageAt: number | null;
  unreadCount: number;
};

export const MESSAGES_DROPDOWN_LIMIT = 3;

/** The conversation caches sit under ["conversations"], so the user's room can refresh all of them. */
export const conversationKeys = {
  all: () => ["conversations"] as const,
  recent: () => ["conversations", "recent"] as const,
  recentList: (limit: number) => ["conversations", "recent", limit] as const,
  unread: () => ["conversations", "unread-count"] as const,
};

export const recentConversationsQueryOptions = queryOptions({
  queryKey: conversationKeys.recentList(MESSAGES_DROPDOWN_LIMIT),
  queryFn: async ({ signal }) => {
    const res = await api.get<{ items?: ConversationPreview[] }>("/api/conversations", {
      query: { limit: MESSAGES_DROPDOWN_LIMIT },
      signal,
    });
    return Array.isArray(res?.items) ? res.items.slice(0, MESSAGES_DROPDOWN_LIMIT) : [];
  },
});

export const unreadMessagesQueryOptions = queryOptions({
  queryKey: conversationKeys.unread(),
  queryFn: async ({ signal }) => {
    const res = await api.get<{ count?: number }>("/api/conversations/unread-count", { signal });
    return typeof res?.count === "number" ? res.count : 0;
  },
  // Until live updates arrive through the user's room, the badge refreshes itself now and then.
  refetchInterval: 60_000,
});
