import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unreadMessagesKey } from "../../common/query-keys";
import { call } from "./api";

/**
 * The conversation caches sit under ["conversations"], so the user's room can refresh all of them. They
 * live in the core because more than the messages feature changes them: the members page starts chats.
 */
export const conversationKeys = {
  all: () => ["conversations"] as const,
  lists: () => ["conversations", "list"] as const,
  list: (limit: number) => ["conversations", "list", limit] as const,
  unread: unreadMessagesKey,
  detail: (id: string) => ["conversations", "detail", id] as const,
  history: (id: string) => ["conversations", "history", id] as const,
  people: (communityId: string | null, q: string) => ["conversations", "people", communityId, q] as const,
  groupChats: (communityId: string) => ["conversations", "group-chats", communityId] as const,
};

/** Opens the direct chat with a person, made the first time (/new-chat and the members page's Message). */
export function useStartDirect() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => call("POST /api/conversations/direct", { body: { userId } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: conversationKeys.lists() }),
  });
}
