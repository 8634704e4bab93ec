/**
 * The realtime wire protocol, shared by the rooms (workerd) and the browser client. Pure: imports
 * nothing from the worker or the DOM so both tsconfigs compile it.
 *
 * Every frame is one JSON object discriminated by `type`. Clients send `ping`, `typing` and, in a
 * conversation, `message.send` (a text message the room stores and fans out itself); every other change
 * goes through the HTTP API and is fanned out by a room after the D1 commit.
 */
import { z } from "zod";
import { chatMessage } from "./contract/chat-message";
import { MESSAGE_MAX } from "./contract/limits";
import { multiLine } from "./contract/text";
import { notificationItem } from "./contract/notification-item";
import { MAX_CLIENT_FRAME_BYTES } from "./realtime-wire";

export * from "./realtime-wire";

const id = z.string().min(1).max(128);
/** Extra facts a frame may carry beyond its fixed fields; a client reads the ones it knows and ignores the rest. */
const data = z.record(z.string(), z.unknown());

// ---------------------------------------------------------------------------------------------
// Client -> server

export const pingClientSchema = z.object({ type: z.literal("ping"), id: z.string().max(64).optional() });

/** In a community room `postId` names the post whose comments are being typed; a conversation ignores it. */
export const typingClientSchema = z.object({
  type: z.literal("typing"),
  postId: id.optional(),
  active: z.boolean().default(true),
});

/**
 * A text message sent through the socket of its conversation's room, which checks, numbers, stores and
 * fans it out with no database round trip (party/conversation-room.ts). The room answers the sender
 * `message.ack` or `message.refused` with the same `id`. An image goes through the API, which checks that
 * the upload is the sender's own.
 */
export const messageSendClientSchema = z.object({
  type: z.literal("message.send"),
  /** Made by the sender's app (a UUID), so a retry after a lost answer finds the message it already sent. */
  id: z.string().regex(/^[0-9a-f-]{36}$/, "The message id must be a UUID"),
  content: multiLine("Message", { max: MESSAGE_MAX, required: "Message required" }),
  replyToId: id.nullable().optional(),
});

export const clientMessageSchema = z.discriminatedUnion("type", [pingClientSchema, typingClientSchema, messageSendClientSchema]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
export type ClientMessageInput = z.input<typeof clientMessageSchema>;

// ---------------------------------------------------------------------------------------------
// Server -> client

export const pongSchema = z.object({ type: z.literal("pong"), id: z.string().max(64).optional() });
export const welcomeSchema = z.object({ type: z.literal("welcome"), connectionId: z.string(), userId: id });
/** `online` lists at most PRESENCE_LIST_LIMIT user ids; `count` is the true number of distinct users. */
export const presenceSchema = z.object({
  type: z.literal("presence"),
  online: z.array(id),
  count: z.number().int().nonnegative(),
});
export const PRESENCE_LIST_LIMIT = 200;
/**
 * Who came (their first socket) and who went (their last) since the room last said: sent to everyone in
 * the room at most about once a second (at once in a room of two), so a burst of joins costs one frame per
 * socket rather than one per join. `count` is the true number of distinct users. In a large room the lists
 * name at most PRESENCE_DIFF_LIMIT people each and `partial` says some were left out. A newcomer gets `presence`.
 */
export const presenceChangedSchema = z.object({
  type: z.literal("presence.changed"),
  joined: z.array(id),
  left: z.array(id),
  count: z.number().int().nonnegative(),
  partial: z.literal(true).optional(),
});
export const PRESENCE_DIFF_LIMIT = 20;
export const errorSchema = z.object({ type: z.literal("error"), message: z.string() });
/**
 * Sent just before the room closes a socket for good (access ended, blocked, signed out): the client
 * closes it itself at once. The runtime's own close frame can reach the client seconds later (about
 * 10 s under workerd, measured), and the screen should not keep offering what is gone meanwhile.
 */
export const closingSchema = z.object({
  type: z.literal("closing"),
  code: z.number().int().min(4000).max(4999),
  reason: z.string(),
});

// Community events carry ids and counters only: each member reads the post or comment through the API,
// which applies blocks and that member's permissions.
export const postCreatedSchema = z.object({ type: z.literal("post.created"), postId: id });
export const postUpdatedSchema = z.object({ type: z.literal("post.updated"), postId: id });
export const postDeletedSchema = z.object({ type: z.literal("post.deleted"), postId: id });
export const postCountersSchema = z.object({
  type: z.literal("post.counters"),
  postId: id,
  likesCount: z.number().int().nonnegative(),
  commentsCount: z.number().int().nonnegative(),
});
/** A poll's counts after a vote: the same for everyone (each viewer's own choice comes from the API). */
export const pollCountsSchema = z.object({
  type: z.literal("poll.counts"),
  postId: id,
  voters: z.number().int().nonnegative(),
  options: z.array(z.object({ id, votes: z.number().int().nonnegative() })).max(10),
});
export const commentCreatedSchema = z.object({
  type: z.literal("comment.created"),
  postId: id,
  commentId: id,
  parentId: id.nullable().optional(),
});
export const commentDeletedSchema = z.object({
  type: z.literal("comment.deleted"),
  postId: id,
  commentId: id,
  parentId: id.nullable().optional(),
});
/** Someone's points moved (a post, comment or like was made or undone): leaderboards read themselves again. */
export const pointsChangedSchema = z.object({ type: z.literal("points.changed") });

/** A new notification exactly as the list endpoint answers it, so it goes into the bell's lists as it came. */
export const notificationCreatedSchema = z.object({
  type: z.literal("notification.created"),
  notification: notificationItem,
});
export const notificationUnreadSchema = z.object({
  type: z.literal("notification.unread"),
  count: z.number().int().nonnegative(),
});
/** Unread messages across all of the user's conversations (the header badge). */
export const messageUnreadSchema = z.object({
  type: z.literal("message.unread"),
  count: z.number().int().nonnegative(),
});

/**
 * A new message, or a message after a change (edit, delete, reaction), as every participant sees it:
 * the client puts it in place by id and moves its version mark to `message.version`.
 */
export const messageCreatedSchema = z.object({
  type: z.literal("message.created"),
  conversationId: id,
  message: chatMessage,
});
export const messageUpdatedSchema = z.object({
  type: z.literal("message.updated"),
  conversationId: id,
  message: chatMessage,
});
/** The sender's own answer to `message.send`: the message as stored (the others get `message.created`). */
export const messageAckSchema = z.object({ type: z.literal("message.ack"), id, message: chatMessage });
/**
 * The room did not take a `message.send` (`code` as the API's errors: RATE_LIMITED, CONFLICT,
 * VALIDATION_FAILED, READ_ONLY, UNAVAILABLE). The client sends the same message through the API, which
 * answers with the reason in the reader's language (and stores it, when the room could not).
 */
export const messageRefusedSchema = z.object({ type: z.literal("message.refused"), id, code: z.string(), message: z.string() });
/** A participant read up to `seq` (the "seen" mark of a direct chat; their other tabs drop the badge). */
export const readReceiptSchema = z.object({
  type: z.literal("read.receipt"),
  conversationId: id,
  userId: id,
  seq: z.number().int().nonnegative(),
  readAt: z.number().int().nonnegative(),
});
/** Tells a participant's other views to move a conversation to the top of their list. */
export const conversationBumpedSchema = z.object({
  type: z.literal("conversation.bumped"),
  conversationId: id,
  lastMessageAt: z.number().int().nonnegative(),
  data: data.optional(),
});
/**
 * The user's access to a community ended (removed, banned, left, paid access over, community suspended):
 * their tabs drop what they hold of it; its room and group chats have already closed their sockets.
 */
export const communityAccessEndedSchema = z.object({
  type: z.literal("community.access-ended"),
  communityId: id,
});
export const typingServerSchema = z.object({
  type: z.literal("typing"),
  userId: id,
  active: z.boolean(),
  postId: id.optional(),
  conversationId: id.optional(),
});

/** Events a community room fans out after an API write. */
export const communityEventSchema = z.discriminatedUnion("type", [
  postCreatedSchema,
  postUpdatedSchema,
  postDeletedSchema,
  postCountersSchema,
  pollCountsSchema,
  commentCreatedSchema,
  commentDeletedSchema,
  pointsChangedSchema,
]);
/** Events a conversation room fans out after an API write. */
export const conversationEventSchema = z.discriminatedUnion("type", [
  messageCreatedSchema,
  messageUpdatedSchema,
  readReceiptSchema,
]);
/** Events for one user, delivered to every tab that user has open. */
export const userEventSchema = z.discriminatedUnion("type", [
  notificationCreatedSchema,
  notificationUnreadSchema,
  messageUnreadSchema,
  conversationBumpedSchema,
  communityAccessEndedSchema,
]);

export const serverMessageSchema = z.discriminatedUnion("type", [
  pongSchema,
  welcomeSchema,
  presenceSchema,
  presenceChangedSchema,
  errorSchema,
  closingSchema,
  typingServerSchema,
  messageAckSchema,
  messageRefusedSchema,
  ...communityEventSchema.options,
  ...conversationEventSchema.options,
  ...userEventSchema.options,
]);

export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type CommunityEvent = z.infer<typeof communityEventSchema>;
export type ConversationEvent = z.infer<typeof conversationEventSchema>;
export type UserEvent = z.infer<typeof userEventSchema>;
export type ServerMessageType = ServerMessage["type"];
export type ServerMessageOf<T extends ServerMessageType> = Extract<ServerMessage, { type: T }>;

type ControlMessage = ServerMessageOf<"pong" | "welcome" | "error" | "closing">;
/** What a client of each party can receive. */
export type RoomMessages = {
  "community-room": ControlMessage | ServerMessageOf<"presence" | "presence.changed" | "typing"> | CommunityEvent;
  "conversation-room":
    | ControlMessage
    | ServerMessageOf<"presence" | "presence.changed" | "typing" | "message.ack" | "message.refused">
    | ConversationEvent;
  "user-room": ControlMessage | UserEvent;
};

// ---------------------------------------------------------------------------------------------
// Parsing

export type ParseResult<T> = { ok: true; message: T } | { ok: false; error: string };

function decodeFrame(raw: unknown): { ok: true; value: unknown } | { ok: false; error: string } {
  if (typeof raw !== "string") return { ok: false, error: "Frames must be JSON text." };
  if (raw.length > MAX_CLIENT_FRAME_BYTES * 64) return { ok: false, error: "Frame too large." };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false, error: "Frame is not valid JSON." };
  }
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid message.";
  const path = issue.path.map(String).join(".");
  return path ? `Invalid message: ${path}: ${issue.message}` : `Invalid message: ${issue.message}`;
}

/** Parses a frame a client sent (text only, at most MAX_CLIENT_FRAME_BYTES characters). */
export function parseClientMessage(raw: unknown): ParseResult<ClientMessage> {
  if (typeof raw === "string" && raw.length > MAX_CLIENT_FRAME_BYTES) {
    return { ok: false, error: "Frame too large." };
  }
  const decoded = decodeFrame(raw);
  if (!decoded.ok) return decoded;
  const result = clientMessageSchema.safeParse(decoded.value);
  return result.success ? { ok: true, message: result.data } : { ok: false, error: describe(result.error) };
}

/** Parses a frame a room sent; unknown types (a newer server) come back as not ok and are skipped. */
export function parseServerMessage(raw: unknown): ParseResult<ServerMessage> {
  const decoded = decodeFrame(raw);
  if (!decoded.ok) return decoded;
  const result = serverMessageSchema.safeParse(decoded.value);
  return result.success ? { ok: true, message: result.data } : { ok: false, error: describe(result.error) };
}
