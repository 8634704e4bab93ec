import { queryOptions } from "@tanstack/react-query";
import { call } from "../../lib/api";
import { CONVERSATIONS_PAGE_SIZE } from "../../../common/contract/limits";
import type { ChatHistory } from "./chat-history";

export const MESSAGES_DROPDOWN_LIMIT = 3;

/** The conversation caches sit under ["conversations"], so the user's room can refresh all of them. */
export const conversationKeys = {
  all: () => ["conversations"] as const,
  lists: () => ["conversations", "list"] as const,
  list: (limit: number) => ["conversations", "list", limit] as const,
  unread: () => ["conversations", "unread-count"] as const,
  detail: (id: string) => ["conversations", "detail", id] as const,
  history: (id: string) => ["conversations", "history", id] as const,
  people: (communityId: string | null, q: string) => ["conversations", "people", communityId, q] as const,
  groupChats: (communityId: string) => ["conversations", "group-chats", communityId] as const,
};

export const conversationListQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: conversationKeys.list(limit),
    queryFn: async ({ signal }) => {
      const { items } = await call("GET /api/conversations", { query: { limit }, signal });
      return items.slice(0, limit);
    },
  });

/** The header dropdown and the /messages page read the same list, at two lengths. */
export const recentConversationsQueryOptions = conversationListQueryOptions(MESSAGES_DROPDOWN_LIMIT);
export const allConversationsQueryOptions = conversationListQueryOptions(CONVERSATIONS_PAGE_SIZE);

export const unreadMessagesQueryOptions = queryOptions({
  queryKey: conversationKeys.unread(),
  queryFn: async ({ signal }) => {
    return (await call("GET /api/conversations/unread-count", { signal })).count;
  },
});

export const conversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: conversationKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await call("GET /api/conversations/:conversationId", { params: { conversationId: id }, signal })).conversation,
    retry: false,
  });

/**
 * The newest page; later pages, live frames and catch-ups are merged into this entry (chat-history.ts),
 * so it is never refetched wholesale while the chat is open.
 */
export const historyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: conversationKeys.history(id),
    queryFn: async ({ signal }): Promise<ChatHistory> => {
      const page = await call("GET /api/conversations/:conversationId/messages", { params: { conversationId: id }, signal });
      // Spelled out rather than imported: the header's dropdown loads this file, and the merge logic beside
      // emptyChat would come with it.
      return { messages: page.items, hasOlder: page.hasMore, version: page.version };
    },
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const peopleQueryOptions = (communityId: string | null, q: string) =>
  queryOptions({
    queryKey: conversationKeys.people(communityId, q),
    queryFn: ({ signal }) =>
      call("GET /api/conversations/people", { query: { communityId: communityId ?? undefined, q }, signal }),
    placeholderData: (previous) => previous,
  });

export const groupChatsQueryOptions = (communityId: string) =>
  queryOptions({
    queryKey: conversationKeys.groupChats(communityId),
    queryFn: async ({ signal }) =>
      (await call("GET /api/communities/:communityId/group-chats", { params: { communityId }, signal })).items,
  });
