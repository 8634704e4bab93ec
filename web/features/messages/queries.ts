import { queryOptions } from "@tanstack/react-query";
import { call } from "../../lib/api";

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
    const { items } = await call("GET /api/conversations", { query: { limit: MESSAGES_DROPDOWN_LIMIT }, signal });
    return items.slice(0, MESSAGES_DROPDOWN_LIMIT);
  },
});

export const unreadMessagesQueryOptions = queryOptions({
  queryKey: conversationKeys.unread(),
  queryFn: async ({ signal }) => {
    return (await call("GET /api/conversations/unread-count", { signal })).count;
  },
  // Until live updates arrive through the user's room, the badge refreshes itself now and then.
  refetchInterval: 60_000,
});
