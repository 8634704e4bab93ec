import type { QueryClient } from "@tanstack/react-query";
import type { ChatMessage } from "../../../common/contract/conversations";
import { patch, type CachedData } from "../../lib/cache-write";
import { mergeMessages, type ChatHistory } from "./chat-history";
import {
  conversationKeys,
  conversationQueryOptions,
  historyQueryOptions,
  unreadMessagesQueryOptions,
  type conversationListQueryOptions,
} from "./queries";

/** Every edit of a conversation's cached state goes through here. */

export function putMessages(qc: QueryClient, conversationId: string, messages: ChatMessage[]) {
  qc.setQueryData(historyQueryOptions(conversationId).queryKey, (h) => (h ? mergeMessages(h, messages) : h));
}

export function updateHistory(qc: QueryClient, conversationId: string, update: (h: ChatHistory) => ChatHistory) {
  qc.setQueryData(historyQueryOptions(conversationId).queryKey, (h) => (h ? update(h) : h));
}

/** A read receipt: the participant's mark only ever moves forward. */
export function setLastRead(qc: QueryClient, conversationId: string, userId: string, seq: number) {
  qc.setQueryData(conversationQueryOptions(conversationId).queryKey, (d) =>
    d
      ? patch(d, {
          participants: d.participants.map((p) => (p.id === userId && p.lastReadSeq < seq ? patch(p, { lastReadSeq: seq }) : p)),
        })
      : d,
  );
}

/**
 * After reading a conversation its row shows no count at once; the badge takes the total the server
 * answered, or asks for it when the read happened elsewhere (another tab's receipt).
 */
export function clearRowUnread(qc: QueryClient, conversationId: string, total?: number) {
  qc.setQueriesData<CachedData<typeof conversationListQueryOptions>>({ queryKey: conversationKeys.lists() }, (list) =>
    list?.map((c) => (c.id === conversationId && c.unreadCount > 0 ? patch(c, { unreadCount: 0 }) : c)),
  );
  if (total === undefined) void qc.invalidateQueries({ queryKey: conversationKeys.unread() });
  else qc.setQueryData(unreadMessagesQueryOptions.queryKey, total);
}
