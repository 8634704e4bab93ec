import type { NotificationItem } from "../common/contract/notifications";

/** A notification as the list endpoint answers it and the user's room sends it, for tests of the wire. */
export function sampleNotification(overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id: "0190a000-0000-7000-8000-000000000101",
    type: "POST_LIKE",
    content: "",
    isRead: false,
    createdAt: 1_700_000_000_000,
    sender: { id: "u1", fullName: "Alice", avatarUrl: null },
    community: { id: "c1", name: "Club" },
    postId: "p1",
    commentId: null,
    eventId: null,
    courseId: null,
    conversationId: null,
    data: null,
    ...overrides,
  };
}
