import type { InfiniteData } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { classroomKeys } from "../../features/classroom/queries";
import { conversationKeys } from "../../features/messages/queries";
import { markAllReadInCache, markReadInCache } from "../../features/notifications/cache";
import { notificationKeys } from "../../features/notifications/queries";
import type { NotificationItem, NotificationPage } from "../../../common/contract/notifications";
import { createQueryClient } from "../../lib/query-client";
import { sampleNotification } from "../../../tests/notification-items";
import { applyUserEvent, refreshUserData } from "./user-events";

/** The sample notification under its own id. */
const item = (id: string, overrides: Partial<NotificationItem> = {}) => sampleNotification({ id, ...overrides });

function seeded() {
  const qc = createQueryClient();
  qc.setQueryData<NotificationPage>(notificationKeys.recent("c1"), { items: [item("old")], nextCursor: null });
  qc.setQueryData<NotificationPage>(notificationKeys.recent("c2"), { items: [], nextCursor: null });
  qc.setQueryData<InfiniteData<NotificationPage>>(notificationKeys.list(null), {
    pages: [{ items: [item("old")], nextCursor: null }],
    pageParams: [null],
  });
  qc.setQueryData(notificationKeys.unread("c1"), 4);
  qc.setQueryData(notificationKeys.unread("c2"), 2);
  qc.setQueryData(notificationKeys.unread(null), 6);
  return qc;
}

describe("user room events in the cache", () => {
  it("notification.created goes to the top of the lists it belongs to and raises those counts by one", () => {
    const qc = seeded();
    const created = applyUserEvent(qc, { type: "notification.created", notification: item("new") });
    applyUserEvent(qc, { type: "notification.created", notification: item("new") });

    expect(created?.id).toBe("new");
    expect(qc.getQueryData<NotificationPage>(notificationKeys.recent("c1"))!.items.map((n) => n.id)).toEqual(["new", "old"]);
    expect(
      qc.getQueryData<InfiniteData<NotificationPage>>(notificationKeys.list(null))!.pages[0]!.items.map((n) => n.id),
    ).toEqual(["new", "old"]);
    // Another community's dropdown and badge do not change.
    expect(qc.getQueryData<NotificationPage>(notificationKeys.recent("c2"))!.items).toEqual([]);
    expect(qc.getQueryData(notificationKeys.unread("c2"))).toBe(2);
    expect(qc.getQueryData(notificationKeys.unread("c1"))).toBe(5);
    expect(qc.getQueryData(notificationKeys.unread(null))).toBe(7);
  });

  it("an enrolment refreshes the creator's course page and classroom, and nothing of other courses", () => {
    const qc = seeded();
    for (const key of [
      classroomKeys.course("k1"),
      classroomKeys.course("k2"),
      classroomKeys.courses("c1"),
      classroomKeys.courses("c2"),
    ]) {
      qc.setQueryData(key, { stale: false });
    }
    const stale = () =>
      [classroomKeys.course("k1"), classroomKeys.course("k2"), classroomKeys.courses("c1"), classroomKeys.courses("c2")].map(
        (key) => qc.getQueryState(key)!.isInvalidated,
      );
    applyUserEvent(qc, { type: "notification.created", notification: item("like") });
    expect(stale()).toEqual([false, false, false, false]);
    applyUserEvent(qc, {
      type: "notification.created",
      notification: item("enrol", { type: "COURSE_ENROLLMENT", courseId: "k1" }),
    });
    expect(stale()).toEqual([true, false, true, false]);
  });

  it("notification.unread sets the all-communities badge; zero clears every badge", () => {
    const qc = seeded();
    applyUserEvent(qc, { type: "notification.unread", count: 9 });
    expect(qc.getQueryData(notificationKeys.unread(null))).toBe(9);
    expect(qc.getQueryData(notificationKeys.unread("c1"))).toBe(4);
    applyUserEvent(qc, { type: "notification.unread", count: 0 });
    expect([qc.getQueryData(notificationKeys.unread("c1")), qc.getQueryData(notificationKeys.unread("c2"))]).toEqual([0, 0]);
  });

  it("a lower total (read in another tab) makes the per-community counts and lists ask again", () => {
    const qc = seeded();
    const before = qc.getQueryData<number>(notificationKeys.unread(null))!;
    applyUserEvent(qc, { type: "notification.unread", count: before - 1 });
    expect(qc.getQueryState(notificationKeys.unread("c1"))!.isInvalidated).toBe(true);
    expect(qc.getQueryState(notificationKeys.unread(null))!.isInvalidated).toBe(false);
    expect(qc.getQueryData(notificationKeys.unread(null))).toBe(before - 1);
  });

  it("reading one lowers the count by one, never below zero, and only once", () => {
    const qc = seeded();
    qc.setQueryData(notificationKeys.unread("c1"), 0);
    expect(markReadInCache(qc, "old")).toBe(true);
    expect(markReadInCache(qc, "old")).toBe(false);
    expect(qc.getQueryData(notificationKeys.unread("c1"))).toBe(0);
    expect(qc.getQueryData(notificationKeys.unread(null))).toBe(5);
    expect(qc.getQueryData<NotificationPage>(notificationKeys.recent("c1"))!.items[0]!.isRead).toBe(true);
  });

  it("mark all read empties the badges of its scope", () => {
    const qc = seeded();
    markAllReadInCache(qc, null);
    expect([
      qc.getQueryData(notificationKeys.unread(null)),
      qc.getQueryData(notificationKeys.unread("c1")),
      qc.getQueryData(notificationKeys.unread("c2")),
    ]).toEqual([0, 0, 0]);
  });

  it("message.unread sets the messages badge", () => {
    const qc = createQueryClient();
    applyUserEvent(qc, { type: "message.unread", count: 3 });
    expect(qc.getQueryData(conversationKeys.unread())).toBe(3);
  });

  it("message.unread and conversation.bumped make the conversation lists ask again; a bump asks for the badge too", () => {
    const qc = createQueryClient();
    qc.setQueryData(conversationKeys.list(3), []);
    qc.setQueryData(conversationKeys.list(50), []);
    applyUserEvent(qc, { type: "message.unread", count: 1 });
    expect(qc.getQueryState(conversationKeys.list(3))!.isInvalidated).toBe(true);
    expect(qc.getQueryState(conversationKeys.list(50))!.isInvalidated).toBe(true);
    qc.setQueryData(conversationKeys.list(3), []);
    qc.setQueryData(conversationKeys.unread(), 1);
    applyUserEvent(qc, { type: "conversation.bumped", conversationId: "c1", lastMessageAt: 1 });
    expect(qc.getQueryState(conversationKeys.list(3))!.isInvalidated).toBe(true);
    expect(qc.getQueryState(conversationKeys.unread())!.isInvalidated).toBe(true);
  });

  it("a reopened room asks again for the notifications and conversations, but leaves a chat's history to its own room", () => {
    const qc = seeded();
    qc.setQueryData(conversationKeys.list(3), []);
    qc.setQueryData(conversationKeys.unread(), 1);
    qc.setQueryData(conversationKeys.detail("c1"), { id: "c1" });
    // A history holding a message its room delivered: fetched again wholesale, an answer written before
    // that message would replace it.
    const history = { messages: [{ id: "m1", seq: 1, version: 1 }], hasOlder: false, version: 1 };
    qc.setQueryData(conversationKeys.history("c1"), history);
    refreshUserData(qc);
    expect(qc.getQueryState(notificationKeys.unread("c1"))!.isInvalidated).toBe(true);
    expect(qc.getQueryState(conversationKeys.list(3))!.isInvalidated).toBe(true);
    expect(qc.getQueryState(conversationKeys.unread())!.isInvalidated).toBe(true);
    expect(qc.getQueryState(conversationKeys.detail("c1"))!.isInvalidated).toBe(true);
    expect(qc.getQueryState(conversationKeys.history("c1"))!.isInvalidated).toBe(false);
    expect(qc.getQueryData(conversationKeys.history("c1"))).toBe(history);
  });
});
