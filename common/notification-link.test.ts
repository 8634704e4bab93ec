import { describe, expect, it } from "vitest";
import { notificationHref, notificationLink } from "./notification-link";

const none = { postId: null, conversationId: null, courseId: null, eventId: null, community: null };

describe("notificationLink", () => {
  it("opens what the notification is about, the same route for the app and the address for e-mails", () => {
    const cases = [
      [
        { ...none, data: { kind: "support", ticketId: "t 1" } },
        { to: "/support", search: { tab: "contact", ticket: "t 1" } },
        "/support?tab=contact&ticket=t+1",
      ],
      [
        { ...none, community: { id: "c" }, data: { kind: "payment", payment: "renewal_failed" } },
        { to: "/payment-methods" },
        "/payment-methods",
      ],
      [
        { ...none, data: { kind: "account", account: "deletion_scheduled" } },
        { to: "/settings/privacy-security" },
        "/settings/privacy-security",
      ],
      [{ ...none, postId: "p/1", community: { id: "c" } }, { to: "/post/$postId", params: { postId: "p/1" } }, "/post/p%2F1"],
      [{ ...none, conversationId: "k" }, { to: "/chat/$id", params: { id: "k" } }, "/chat/k"],
      [{ ...none, courseId: "co" }, { to: "/course/$courseId", params: { courseId: "co" } }, "/course/co"],
      [
        { ...none, eventId: "e", community: { id: "c" } },
        { to: "/calendar", search: { event: "e", community: "c" } },
        "/calendar?event=e&community=c",
      ],
      [{ ...none, community: { id: "c" } }, { to: "/communities/$communityId", params: { communityId: "c" } }, "/communities/c"],
      [{ ...none, data: { kind: "support" } }, { to: "/notifications" }, "/notifications"],
    ] as const;
    for (const [source, link, href] of cases) {
      expect(notificationLink(source)).toEqual(link);
      expect(notificationHref(notificationLink(source))).toBe(href);
    }
  });
});
