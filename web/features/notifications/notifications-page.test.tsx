import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearCurrentCommunityId } from "../../lib/current-community";
import { changeLanguage, ensureNamespace, i18n, initI18n } from "../../lib/i18n";
import { clearToasts } from "../../lib/toast";
import { anaUser, mockFetch } from "../../test/fetch-mock";
import { renderApp } from "../../test/render-app";
import { notificationSentence } from "./notification-sentence";
import type { NotificationItem } from "../../../common/contract/notifications";

beforeEach(() => {
  localStorage.clear();
  clearCurrentCommunityId();
  clearToasts();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function item(i: number, overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id: `n${i}`,
    type: "POST_COMMENT",
    title: "Giorgi Maisuradze commented on your post",
    content: `Comment ${i}`,
    isRead: i > 2,
    createdAt: Date.now() - i * 60_000,
    sender: { id: "u-g", fullName: "Giorgi Maisuradze", avatarUrl: null },
    community: { id: "c_1", name: "Supra Photography Club" },
    postId: `p${i}`,
    commentId: `cm${i}`,
    eventId: null,
    courseId: null,
    conversationId: null,
    data: null,
    ...overrides,
  };
}

describe("notification sentences", () => {
  it("translates by type with the sender's name, and falls back to the stored title", async () => {
    await initI18n("en");
    await ensureNamespace("notifications");
    const t = i18n.getFixedT("en", "notifications");
    expect(notificationSentence(t, item(1, { type: "POST_LIKE" }))).toBe("Giorgi Maisuradze liked your post");
    expect(notificationSentence(t, item(1, { type: "MENTION", commentId: null }))).toBe(
      "Giorgi Maisuradze mentioned you in a post",
    );
    expect(notificationSentence(t, item(1, { type: "COMMUNITY_JOIN" }))).toBe("Giorgi Maisuradze joined Supra Photography Club");
    expect(
      notificationSentence(t, item(1, { type: "SYSTEM_ANNOUNCEMENT", title: "Your community was approved", sender: null })),
    ).toBe("Your community was approved");
    expect(notificationSentence(t, item(1, { type: "POST_LIKE", sender: null, title: "Someone liked your post" }))).toBe(
      "Someone liked your post",
    );
    const approved = item(1, { type: "SYSTEM_ANNOUNCEMENT", sender: null, data: { kind: "review", decision: "approve" } });
    expect(notificationSentence(t, approved)).toBe("Your community Supra Photography Club was approved");
    await changeLanguage("ru", { persist: false });
    expect(notificationSentence(i18n.getFixedT("ru", "notifications"), approved)).toBe(
      "Ваше сообщество Supra Photography Club одобрено",
    );
    await changeLanguage("ka", { persist: false });
    expect(notificationSentence(i18n.getFixedT("ka", "notifications"), item(1, { type: "POST_LIKE" }))).toBe(
      "მომხმარებელმა Giorgi Maisuradze მოიწონა თქვენი პოსტი",
    );
    await changeLanguage("en", { persist: false });
  });
});

describe("/notifications", () => {
  it("lists pages of 20, loads more, marks one read on click and all read on request", async () => {
    const firstPage = Array.from({ length: 20 }, (_, i) => item(i + 1));
    const { calls } = mockFetch({
      "GET /api/me": { body: { user: anaUser } },
      "GET /api/me/communities": { body: { communities: [] } },
      "GET /api/notifications": ({ url }) =>
        url.searchParams.get("cursor")
          ? { body: { items: [item(21)], nextCursor: null } }
          : { body: { items: url.searchParams.get("limit") === "20" ? firstPage : firstPage.slice(0, 5), nextCursor: "next" } },
      "GET /api/notifications/unread-count": { body: { count: 2 } },
      "POST /api/notifications/n1/read": { body: { ok: true } },
      "POST /api/notifications/read-all": { body: { count: 1 } },
    });
    await renderApp("/notifications");
    expect(await screen.findByRole("heading", { level: 1, name: "Notifications" })).toBeTruthy();
    expect(await screen.findByText("2 unread notifications")).toBeTruthy();
    const list = screen.getByText("Comment 1").closest("ul")!;
    expect(within(list).getAllByRole("link")).toHaveLength(20);

    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Comment 21")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();

    const first = screen.getByText("Comment 1").closest("a")!;
    expect(first.getAttribute("href")).toBe("/post/p1");
    fireEvent.click(first);
    await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.path === "/api/notifications/n1/read")).toBe(true));
  });

  it("marks all as read and empties the badge", async () => {
    mockFetch({
      "GET /api/me": { body: { user: anaUser } },
      "GET /api/me/communities": { body: { communities: [] } },
      "GET /api/notifications": { body: { items: [item(1), item(2)], nextCursor: null } },
      "GET /api/notifications/unread-count": { body: { count: 2 } },
      "POST /api/notifications/read-all": { body: { count: 2 } },
    });
    await renderApp("/notifications");
    await screen.findByText("2 unread notifications");
    fireEvent.click(screen.getByRole("button", { name: "Mark all as read" }));
    expect(await screen.findByText("All notifications marked as read")).toBeTruthy();
    expect(screen.getByText("You're all caught up")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Notifications" })).toBeTruthy();
    expect(screen.queryByText("Unread")).toBeNull();
  });
});
