import { z } from "zod";
import { conversationTypes, reactionEmojis, sentMessageTypes } from "./enums";
import { endpoint, idParam, limitParam, ok } from "./http";
import {
  CONVERSATIONS_PAGE_MAX,
  CONVERSATIONS_PAGE_SIZE,
  GROUP_DESCRIPTION_MAX,
  GROUP_NAME_MAX,
  MESSAGE_MAX,
  MESSAGES_CATCH_UP_MAX,
  MESSAGES_PAGE_MAX,
  MESSAGES_PAGE_SIZE,
  PEOPLE_QUERY_MAX,
  REPORT_REASON_MAX,
} from "./limits";
import { multiLine, singleLine } from "./text";
import { chatMessage, person } from "./chat-message";

export * from "./chat-message";

/**
 * Messaging (spec 001 "Messaging"): direct chats (one per pair of people), group chats of a community,
 * messages with replies, reactions, edits, soft deletes and image attachments, read state.
 *
 * Every change to a conversation takes the next value of its counter (`version`): a message keeps the
 * `seq` it got when sent (its place in the history) and carries the `version` of its last change, so a
 * client that saw version N asks for the changes after N and is exactly up to date.
 */

const id = z.string().min(1).max(64);
const seqParam = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must not be negative`);

/** Chat images come from the upload pipeline (purpose chat_attachment) and nowhere else. */
export const chatImageUrl = z
  .string()
  .regex(/^\/files\/chat_attachment\/[0-9a-f-]{36}\.(jpg|png|webp|gif)$/, "Images must be uploaded first");

// Requests.

export const conversationParams = z.object({ conversationId: idParam });
export const messageParams = z.object({ messageId: idParam });
export const communityParams = z.object({ communityId: idParam });

export const conversationsQuery = z.object({ limit: limitParam(CONVERSATIONS_PAGE_MAX, CONVERSATIONS_PAGE_SIZE) });

/**
 * A history page (`before` a seq, newest first, shown reversed) or a catch-up (`after` a version, oldest
 * change first). Without either: the newest page.
 */
export const messagesQuery = z
  .object({
    before: seqParam("before").optional(),
    after: seqParam("after").optional(),
    limit: limitParam(Math.max(MESSAGES_PAGE_MAX, MESSAGES_CATCH_UP_MAX), MESSAGES_PAGE_SIZE),
  })
  .refine((q) => q.before === undefined || q.after === undefined, {
    message: "Ask for messages before a position or changes after a version, not both",
    path: ["after"],
  });

export const sendMessageBody = z
  .object({
    /** Made by the sender's app (a UUID), so a retry after a lost answer finds the message it already sent. */
    id: z.string().regex(/^[0-9a-f-]{36}$/, "The message id must be a UUID"),
    content: multiLine("Message", { max: MESSAGE_MAX, min: 0 }).default(""),
    messageType: z.enum(sentMessageTypes, { error: "Attachments accept images only" }).default("text"),
    fileUrl: chatImageUrl.nullable().optional(),
    replyToId: id.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.messageType === "image" && !body.fileUrl) {
      ctx.addIssue({ code: "custom", path: ["fileUrl"], message: "Attach an image" });
    }
    if (body.messageType === "text" && body.fileUrl) {
      ctx.addIssue({ code: "custom", path: ["messageType"], message: "A message with an image has the type image" });
    }
    if (body.messageType === "text" && body.content.trim() === "") {
      ctx.addIssue({ code: "custom", path: ["content"], message: "Message required" });
    }
  });
export type SendMessageBody = z.input<typeof sendMessageBody>;

export const editMessageBody = z.object({ content: multiLine("Message", { max: MESSAGE_MAX, required: "Message required" }) });

export const reactionBody = z.object({
  emoji: z.enum(reactionEmojis, { error: "Choose one of the reactions offered" }),
  /** The state wanted, not a toggle: a retried request lands in the same place. */
  active: z.boolean(),
});

export const readBody = z.object({ seq: seqParam("seq") });

export const directBody = z.object({ userId: id });

export const groupBody = z.object({
  name: singleLine("Group name", { max: GROUP_NAME_MAX, required: "Group name is required" }),
  description: multiLine("Description", { max: GROUP_DESCRIPTION_MAX, min: 0 })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
});
export const editGroupBody = groupBody.partial();

export const peopleQuery = z.object({
  communityId: id.optional(),
  q: z.string().trim().max(PEOPLE_QUERY_MAX, `Search must be at most ${PEOPLE_QUERY_MAX} characters`).default(""),
});

export const messageReportBody = z.object({
  reason: multiLine("The reason", { max: REPORT_REASON_MAX, required: "Tell us what is wrong" }),
});

// Responses.

export const conversationSummary = z.object({
  id: z.string(),
  type: z.enum(conversationTypes),
  /** Group name, or the other person's name in a direct chat; null when unknown. */
  title: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** The other person of a direct chat. */
  otherUserId: z.string().nullable(),
  communityId: z.string().nullable(),
  /** `content` is empty for a deleted message and for an image without a caption: the type tells which. */
  lastMessage: z
    .object({
      content: z.string(),
      senderId: z.string().nullable(),
      createdAt: z.number(),
      messageType: z.string(),
      isDeleted: z.boolean(),
    })
    .nullable(),
  lastMessageAt: z.number().nullable(),
  unreadCount: z.number(),
});
export type ConversationSummary = z.output<typeof conversationSummary>;

export const participant = person.extend({ lastReadSeq: z.number() });

export const conversationDetail = z.object({
  id: z.string(),
  type: z.enum(conversationTypes),
  title: z.string().nullable(),
  description: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  communityId: z.string().nullable(),
  memberCount: z.number(),
  /** The latest change the answer includes: catch up from here. */
  version: z.number(),
  /** Everyone in a direct chat; the first CONVERSATION_PARTICIPANTS_MAX of a group. */
  participants: z.array(participant),
  /** The other person of a direct chat. */
  otherUserId: z.string().nullable(),
  /** False when a block stands between the two people of a direct chat: the history stays, nothing new. */
  canWrite: z.boolean(),
  /** Owner and admins of the group's community may rename and remove it. */
  canManage: z.boolean(),
});
export type ConversationDetail = z.output<typeof conversationDetail>;

export const messagesPage = z.object({
  /** Oldest first, as shown. */
  items: z.array(chatMessage),
  /** A history page: whether older messages exist. A catch-up: whether more changes wait after `version`. */
  hasMore: z.boolean(),
  /** The version the answer is current to. */
  version: z.number(),
});
export type MessagesPage = z.output<typeof messagesPage>;

export const groupChat = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  memberCount: z.number(),
  lastMessageAt: z.number().nullable(),
  joined: z.boolean(),
});
export type GroupChat = z.output<typeof groupChat>;

export const people = z.object({
  /** Members of the current community (spec 002: up to 100). */
  members: z.array(person),
  /** Everyone else (up to 50). */
  others: z.array(person),
});

const conversationRef = z.object({ conversation: z.object({ id: z.string() }) });

export const conversations = {
  list: endpoint("GET", "/api/conversations", {
    query: conversationsQuery,
    response: z.object({ items: z.array(conversationSummary) }),
  }),
  unreadCount: endpoint("GET", "/api/conversations/unread-count", { response: z.object({ count: z.number() }) }),
  people: endpoint("GET", "/api/conversations/people", { query: peopleQuery, response: people }),
  startDirect: endpoint("POST", "/api/conversations/direct", { body: directBody, response: conversationRef }),
  get: endpoint("GET", "/api/conversations/:conversationId", {
    params: conversationParams,
    response: z.object({ conversation: conversationDetail }),
  }),
  messages: endpoint("GET", "/api/conversations/:conversationId/messages", {
    params: conversationParams,
    query: messagesQuery,
    response: messagesPage,
  }),
  send: endpoint("POST", "/api/conversations/:conversationId/messages", {
    params: conversationParams,
    body: sendMessageBody,
    response: z.object({ message: chatMessage }),
    status: 201,
  }),
  markRead: endpoint("POST", "/api/conversations/:conversationId/read", {
    params: conversationParams,
    body: readBody,
    response: z.object({ unreadCount: z.number() }),
  }),
  editMessage: endpoint("PATCH", "/api/messages/:messageId", {
    params: messageParams,
    body: editMessageBody,
    response: z.object({ message: chatMessage }),
  }),
  deleteMessage: endpoint("DELETE", "/api/messages/:messageId", {
    params: messageParams,
    response: z.object({ message: chatMessage }),
  }),
  react: endpoint("POST", "/api/messages/:messageId/reactions", {
    params: messageParams,
    body: reactionBody,
    response: z.object({ message: chatMessage }),
  }),
  reportMessage: endpoint("POST", "/api/messages/:messageId/report", {
    params: messageParams,
    body: messageReportBody,
    response: ok,
    status: 201,
  }),
  groupChats: endpoint("GET", "/api/communities/:communityId/group-chats", {
    params: communityParams,
    response: z.object({ items: z.array(groupChat) }),
  }),
  createGroup: endpoint("POST", "/api/communities/:communityId/group-chats", {
    params: communityParams,
    body: groupBody,
    response: conversationRef,
    status: 201,
  }),
  editGroup: endpoint("PATCH", "/api/conversations/:conversationId", {
    params: conversationParams,
    body: editGroupBody,
    response: z.object({ conversation: conversationDetail }),
  }),
  removeGroup: endpoint("DELETE", "/api/conversations/:conversationId", { params: conversationParams, response: ok }),
  joinGroup: endpoint("POST", "/api/conversations/:conversationId/join", {
    params: conversationParams,
    response: conversationRef,
  }),
  leaveGroup: endpoint("POST", "/api/conversations/:conversationId/leave", { params: conversationParams, response: ok }),
};
