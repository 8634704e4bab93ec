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

export const recentConversationsQueryOptions = queryOptions({
  queryKey: ["conversations", "recent", MESSAGES_DROPDOWN_LIMIT] as const,
  queryFn: async ({ signal }) => {
    const res = await api.get<{ items?: ConversationPreview[] }>("/api/conversations", {
      query: { limit: MESSAGES_DROPDOWN_LIMIT },
      signal,
    });
    return Array.isArray(res?.items) ? res.items.slice(0, MESSAGES_DROPDOWN_LIMIT) : [];
  },
});

export const unreadMessagesQueryOptions = queryOptions({
  queryKey: ["conversations", "unread-count"] as const,
  queryFn: async ({ signal }) => {
    const res = await api.get<{ count?: number }>("/api/conversations/unread-count", { signal });
    return typeof res?.count === "number" ? res.count : 0;
  },
  // Until live updates arrive through the user's room, the badge refreshes itself now and then.
  refetchInterval: 60_000,
});
