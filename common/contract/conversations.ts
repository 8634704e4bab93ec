import { z } from "zod";
import { conversationTypes } from "./enums";
import { endpoint, limitParam } from "./http";
import { CONVERSATIONS_PAGE_MAX, CONVERSATIONS_PAGE_SIZE } from "./limits";

/** The messages menu: a person's conversations and their unread total. */

export const conversationsQuery = z.object({ limit: limitParam(CONVERSATIONS_PAGE_MAX, CONVERSATIONS_PAGE_SIZE) });

export const conversationSummary = z.object({
  id: z.string(),
  type: z.enum(conversationTypes),
  /** Group name, or the other person's name in a direct chat; null when unknown. */
  title: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  lastMessage: z.object({ content: z.string(), senderId: z.string().nullable(), createdAt: z.number() }).nullable(),
  lastMessageAt: z.number().nullable(),
  unreadCount: z.number(),
});
export type ConversationSummary = z.output<typeof conversationSummary>;

export const conversations = {
  list: endpoint("GET", "/api/conversations", {
    query: conversationsQuery,
    response: z.object({ items: z.array(conversationSummary) }),
  }),
  unreadCount: endpoint("GET", "/api/conversations/unread-count", { response: z.object({ count: z.number() }) }),
};
