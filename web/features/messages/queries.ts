import { queryOptions } from "@tanstack/react-query";
import { call } from "../../lib/api";

export const MESSAGES_DROPDOWN_LIMIT = 3;

export const recentConversationsQueryOptions = queryOptions({
  queryKey: ["conversations", "recent", MESSAGES_DROPDOWN_LIMIT] as const,
  queryFn: async ({ signal }) => {
    const { items } = await call("GET /api/conversations", { query: { limit: MESSAGES_DROPDOWN_LIMIT }, signal });
    return items.slice(0, MESSAGES_DROPDOWN_LIMIT);
  },
});

export const unreadMessagesQueryOptions = queryOptions({
  queryKey: ["conversations", "unread-count"] as const,
  queryFn: async ({ signal }) => {
    return (await call("GET /api/conversations/unread-count", { signal })).count;
  },
  // Until live updates arrive through the user's room, the badge refreshes itself now and then.
  refetchInterval: 60_000,
});
