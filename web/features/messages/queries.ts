import { queryOptions } from "@tanstack/react-query";
import { call } from "../../lib/api";
import { conversationKeys } from "../../lib/conversations";
import { CONVERSATIONS_PAGE_SIZE } from "../../../common/contract/limits";
import type { ChatHistory } from "./chat-history";

export const MESSAGES_DROPDOWN_LIMIT = 3;

export { conversationKeys };

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
