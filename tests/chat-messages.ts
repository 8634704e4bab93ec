import type { ChatMessage } from "../common/contract/conversations";

/** A message as the API and the rooms carry it, for tests of the wire and the screens. */
export function sampleMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: "0190a000-0000-7000-8000-000000000001",
    conversationId: "k1",
    seq: 1,
    version: 1,
    sender: { id: "u1", fullName: "Alice", avatarUrl: null },
    content: "Hi Bob",
    messageType: "text",
    fileUrl: null,
    replyTo: null,
    reactions: [],
    isEdited: false,
    isDeleted: false,
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    ...overrides,
  };
}
