import type { QueryClient } from "@tanstack/react-query";
import type { ChatMessage, ConversationDetail, ConversationSummary } from "../../../common/contract/conversations";
import { mergeMessages, type ChatHistory } from "./chat-history";
import { conversationKeys } from "./queries";

/** Every edit of a conversation's cached state goes through here. */

export function putMessages(qc: QueryClient, conversationId: string, messages: ChatMessage[]) {
  qc.setQueryData<ChatHistory>(conversationKeys.history(conversationId), (h) => (h ? mergeMessages(h, messages) : h));
}

export function updateHistory(qc: QueryClient, conversationId: string, update: (h: ChatHistory) => ChatHistory) {
  qc.setQueryData<ChatHistory>(conversationKeys.history(conversationId), (h) => (h ? update(h) : h));
}

/** A read receipt: the participant's mark only ever moves forward. */
export function setLastRead(qc: QueryClient, conversationId: string, userId: string, seq: number) {
  qc.setQueryData<ConversationDetail>(conversationKeys.detail(conversationId), (d) =>
    d
      ? {
          ...d,
          participants: d.participants.map((p) => (p.id === userId && p.lastReadSeq < seq ? { ...p, lastReadSeq: seq } : p)),
        }
      : d,
  );
}

/**
 * After reading a conversation its row shows no count at once; the badge takes the total the server
 * answered, or asks for it when the read happened elsewhere (another tab's receipt).
 */
export function clearRowUnread(qc: QueryClient, conversationId: string, total?: number) {
  qc.setQueriesData<ConversationSummary[]>({ queryKey: conversationKeys.lists() }, (list) =>
    list?.map((c) => (c.id === conversationId && c.unreadCount > 0 ? { ...c, unreadCount: 0 } : c)),
  );
  if (total === undefined) void qc.invalidateQueries({ queryKey: conversationKeys.unread() });
  else qc.setQueryData(conversationKeys.unread(), total);
}
