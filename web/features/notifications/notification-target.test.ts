import { describe, expect, it } from "vitest";
import { notificationTarget } from "./notification-target";

const none = { postId: null, conversationId: null, courseId: null, eventId: null };

describe("notificationTarget", () => {
  it("opens the answered ticket's thread on the support page", () => {
    expect(notificationTarget({ ...none, data: { kind: "support", ticketId: "t1" } })).toEqual({
      to: "/support",
      search: { tab: "contact", ticket: "t1" },
    });
  });

  it("falls back to the notifications page for an announcement about nothing else", () => {
    expect(notificationTarget({ ...none, data: { kind: "support" } })).toEqual({ to: "/notifications" });
  });
});
