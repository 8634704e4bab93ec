import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { changeLanguage, ensureNamespace, i18n, initI18n } from "../../lib/i18n";
import { lackIntlData, restoreIntl } from "../../test/intl-data";
import { anaUser, mockFetch } from "../../test/fetch-mock";
import { renderApp } from "../../test/render-app";
import { notificationDetail, notificationSentence } from "./notification-text";
import type { NotificationItem } from "../../../common/contract/notifications";

function item(i: number, overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id: `n${i}`,
    type: "POST_COMMENT",
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

describe("notification texts", () => {
  const tFor = (lng: string) => i18n.getFixedT(lng, "notifications");
  const approved = item(1, {
    type: "SYSTEM_ANNOUNCEMENT",
    sender: null,
    content: "",
    data: { kind: "review", decision: "approve" },
  });
  const rejected = item(1, {
    type: "SYSTEM_ANNOUNCEMENT",
    sender: null,
    content: "",
    data: { kind: "review", decision: "reject", reason: "Too short" },
  });
  const roleChange = item(1, { type: "COMMUNITY_ROLE_CHANGE", content: "", data: { role: "moderator" } });
  const joined = item(1, { type: "COMMUNITY_JOIN", content: "" });
  const completed = item(1, { type: "COURSE_COMPLETED", sender: null, content: "", data: { course: "Modern React" } });

  it("writes each type from its sender, community and data, in the reader's language", async () => {
    await initI18n("en");
    await ensureNamespace("notifications");
    const t = tFor("en");
    expect(notificationSentence(t, item(1, { type: "POST_LIKE" }))).toBe("Giorgi Maisuradze liked your post");
    expect(notificationSentence(t, item(1, { type: "MENTION", commentId: null }))).toBe(
      "Giorgi Maisuradze mentioned you in a post",
    );
    expect(notificationSentence(t, joined)).toBe("Giorgi Maisuradze joined Supra Photography Club");
    expect(notificationDetail(t, joined)).toBe("Say hello and make them feel welcome.");
    expect(notificationSentence(t, approved)).toBe("Your community Supra Photography Club was approved");
    expect(notificationDetail(t, approved)).toBeNull();
    expect(notificationDetail(t, rejected)).toBe("Reason: Too short");
    expect(notificationSentence(t, roleChange)).toBe("Giorgi Maisuradze changed your role in Supra Photography Club");
    expect(notificationDetail(t, roleChange)).toBe("You are now a moderator of Supra Photography Club");
    expect(notificationSentence(t, completed)).toBe("Course completed!");
    expect(notificationDetail(t, completed)).toBe("You completed Modern React. Well done!");
    // A broadcast's copy: who wrote, then the subject its sender wrote.
    const broadcast = item(1, {
      type: "SYSTEM_ANNOUNCEMENT",
      sender: null,
      content: "Saturday meetup",
      data: { kind: "broadcast" },
    });
    expect(notificationDetail(t, broadcast)).toBe("Saturday meetup");
    const deletion = item(1, {
      type: "SYSTEM_ANNOUNCEMENT",
      sender: null,
      community: null,
      content: "",
      data: { kind: "account", account: "deletion_scheduled" },
    });
    const ownership = item(1, { type: "SYSTEM_ANNOUNCEMENT", sender: null, content: "", data: { kind: "ownership" } });
    expect(notificationSentence(t, ownership)).toBe("You are now the owner of Supra Photography Club");
    expect(notificationDetail(t, ownership)).toBe("Its previous owner's account was deleted.");
    expect(notificationSentence(t, deletion)).toBe("Your account is scheduled for deletion");
    expect(notificationDetail(t, deletion)).toBe("You can cancel the deletion in Privacy and Security settings until then.");
    // People's own words are quoted as they wrote them.
    expect(notificationDetail(t, item(3))).toBe("Comment 3");
    // One MESSAGE notification stands for a conversation's unread messages.
    expect(notificationSentence(t, item(1, { type: "MESSAGE", data: { count: 1 } }))).toBe(
      "Giorgi Maisuradze sent you a message",
    );
    expect(notificationSentence(t, item(1, { type: "MESSAGE", data: { count: 4 } }))).toBe(
      "Giorgi Maisuradze sent you 4 messages",
    );

    await changeLanguage("ru", { persist: false });
    expect(notificationSentence(tFor("ru"), approved)).toBe("Ваше сообщество Supra Photography Club одобрено");
    expect(notificationDetail(tFor("ru"), roleChange)).toBe("Теперь вы модератор сообщества «Supra Photography Club»");
    expect(notificationDetail(tFor("ru"), rejected)).toBe("Причина: Too short");
    expect(notificationSentence(tFor("ru"), item(1, { type: "MESSAGE", data: { count: 5 } }))).toBe(
      "Giorgi Maisuradze отправил(а) вам 5 сообщений",
    );
    await changeLanguage("ka", { persist: false });
    expect(notificationSentence(tFor("ka"), item(1, { type: "POST_LIKE" }))).toBe(
      "მომხმარებელმა Giorgi Maisuradze მოიწონა თქვენი პოსტი",
    );
    expect(notificationSentence(tFor("ka"), approved)).toBe("თქვენი საზოგადოება Supra Photography Club დამტკიცდა");
    expect(notificationDetail(tFor("ka"), joined)).toBe("მიესალმეთ და თბილად მიიღეთ.");
    await changeLanguage("en", { persist: false });
  });

  it("has a sentence for every type, and never shows the English a notification stored before", async () => {
    await initI18n("en");
    await ensureNamespace("notifications");
    const { notificationTypes } = await import("../../../common/notifications");
    for (const lng of ["en", "ka", "ru"]) {
      await changeLanguage(lng as "en", { persist: false });
      for (const type of notificationTypes) {
        for (const sender of [item(1).sender, null]) {
          const sentence = notificationSentence(tFor(lng), item(1, { type, sender }));
          expect(sentence, `${lng} ${type}`).toBeTruthy();
          expect(sentence, `${lng} ${type}`).not.toMatch(/types\.|review\./);
        }
      }
    }
    await changeLanguage("en", { persist: false });
    // Rows written before notifications were stored without text kept English there; it is not shown.
    expect(notificationDetail(tFor("en"), { ...roleChange, content: "You are now a moderator of Club", data: null })).toBeNull();
    expect(notificationDetail(tFor("en"), { ...approved, content: "Runners is now listed on Explore." })).toBeNull();
    expect(notificationSentence(tFor("en"), item(1, { type: "POST_LIKE", sender: null }))).toBe("Someone liked your post");
  });

  it("shows the page in Georgian with Georgian dates where the browser has no Georgian Intl data", async () => {
    lackIntlData("ka");
    try {
      localStorage.setItem("language", "ka");
      const old = new Date(2025, 10, 22, 12).getTime();
      mockFetch({
        "GET /api/me": { body: { user: anaUser } },
        "GET /api/me/communities": { body: { communities: [] } },
        "GET /api/notifications": {
          body: {
            items: [
              { ...approved, createdAt: old },
              { ...roleChange, id: "n2" },
            ],
            nextCursor: null,
          },
        },
        "GET /api/notifications/unread-count": { body: { count: 0 } },
      });
      await renderApp("/notifications", "ka");
      expect(await screen.findByText("თქვენი საზოგადოება Supra Photography Club დამტკიცდა")).toBeTruthy();
      expect(screen.getByText("22 ნოე. 2025")).toBeTruthy();
      expect(screen.getByText("თქვენი ახალი როლი საზოგადოებაში „Supra Photography Club“: მოდერატორი")).toBeTruthy();
    } finally {
      restoreIntl();
      await changeLanguage("en", { persist: false });
    }
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
