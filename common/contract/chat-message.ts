import { z } from "zod";

/**
 * A chat message as every participant sees it: the API's answers (./conversations) and the conversation
 * room's frames (../realtime-protocol) carry this same shape. Apart from the conversations' endpoints so
 * that the realtime protocol makes these schemas only, not every endpoint's (the browser makes them as a
 * page starts).
 */

export const person = z.object({ id: z.string(), fullName: z.string(), avatarUrl: z.string().nullable() });
export type Person = z.output<typeof person>;

export const reaction = z.object({
  emoji: z.string(),
  count: z.number(),
  /** Who reacted, first come first (at most REACTION_USERS_MAX; `count` is exact). */
  users: z.array(person.pick({ id: true, fullName: true })),
});
export type Reaction = z.output<typeof reaction>;

export const quotedMessage = z.object({
  id: z.string(),
  senderName: z.string().nullable(),
  content: z.string(),
  messageType: z.string(),
  isDeleted: z.boolean(),
});

/** A message as every participant sees it (the room sends this same shape to all of them). */
export const chatMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  seq: z.number(),
  version: z.number(),
  /** Null once the sender's account is gone ('Deleted user'). */
  sender: person.nullable(),
  /** Empty once deleted. */
  content: z.string(),
  messageType: z.string(),
  fileUrl: z.string().nullable(),
  replyTo: quotedMessage.nullable(),
  reactions: z.array(reaction),
  isEdited: z.boolean(),
  isDeleted: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ChatMessage = z.output<typeof chatMessage>;
