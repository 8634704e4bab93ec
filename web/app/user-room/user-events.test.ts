import type { InfiniteData, QueryClient, QueryKey } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { communityKeys } from "../../../common/query-keys";
import { calendarKeys } from "../../features/calendar/queries";
import { classroomKeys } from "../../features/classroom/queries";
import { bansKey } from "../../features/communities/manage/bans";
import { feedKeys } from "../../features/feed/queries";
import { leaderboardKeys } from "../../features/leaderboard/queries";
import { membersKeys } from "../../features/members/queries";
import { conversationKeys } from "../../features/messages/queries";
import { markAllReadInCache, markReadInCache } from "../../features/notifications/cache";
import { notificationKeys } from "../../features/notifications/queries";
import type { NotificationItem, NotificationPage } from "../../../common/contract/notifications";
import { clearCurrentCommunityId, setCurrentCommunityId } from "../../lib/current-community";
import { createQueryClient } from "../../lib/query-client";
import { meKeys } from "../../lib/session";
import { sampleNotification } from "../../../tests/notification-items";
import { applyUserEvent, refreshUserData, type ExitPath, type UserEventPlace } from "./user-events";

/** A tab on a page no community event moves. */
const anywhere: UserEventPlace = { pathname: () => "/", leave: () => {} };

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
    const created = applyUserEvent(qc, { type: "notification.created", notification: item("new") }, anywhere);
    applyUserEvent(qc, { type: "notification.created", notification: item("new") }, anywhere);

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
    applyUserEvent(qc, { type: "notification.created", notification: item("like") }, anywhere);
    expect(stale()).toEqual([false, false, false, false]);
    applyUserEvent(
      qc,
      {
        type: "notification.created",
        notification: item("enrol", { type: "COURSE_ENROLLMENT", courseId: "k1" }),
      },
      anywhere,
    );
    expect(stale()).toEqual([true, false, true, false]);
  });

  it("notification.unread sets the all-communities badge; zero clears every badge", () => {
    const qc = seeded();
    applyUserEvent(qc, { type: "notification.unread", count: 9 }, anywhere);
    expect(qc.getQueryData(notificationKeys.unread(null))).toBe(9);
    expect(qc.getQueryData(notificationKeys.unread("c1"))).toBe(4);
    applyUserEvent(qc, { type: "notification.unread", count: 0 }, anywhere);
    expect([qc.getQueryData(notificationKeys.unread("c1")), qc.getQueryData(notificationKeys.unread("c2"))]).toEqual([0, 0]);
  });

  it("a lower total (read in another tab) makes the per-community counts and lists ask again", () => {
    const qc = seeded();
    const before = qc.getQueryData<number>(notificationKeys.unread(null))!;
    applyUserEvent(qc, { type: "notification.unread", count: before - 1 }, anywhere);
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
    applyUserEvent(qc, { type: "message.unread", count: 3 }, anywhere);
    expect(qc.getQueryData(conversationKeys.unread())).toBe(3);
  });

  it("message.unread and conversation.bumped make the conversation lists ask again; a bump asks for the badge too", () => {
    const qc = createQueryClient();
    qc.setQueryData(conversationKeys.list(3), []);
    qc.setQueryData(conversationKeys.list(50), []);
    applyUserEvent(qc, { type: "message.unread", count: 1 }, anywhere);
    expect(qc.getQueryState(conversationKeys.list(3))!.isInvalidated).toBe(true);
    expect(qc.getQueryState(conversationKeys.list(50))!.isInvalidated).toBe(true);
    qc.setQueryData(conversationKeys.list(3), []);
    qc.setQueryData(conversationKeys.unread(), 1);
    applyUserEvent(qc, { type: "conversation.bumped", conversationId: "c1", lastMessageAt: 1 }, anywhere);
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

describe("an ended access to a community", () => {
  afterEach(() => clearCurrentCommunityId());

  /** A tab at `pathname` that records where it was sent and what it was told. */
  function tabAt(pathname: string) {
    const left: { to: ExitPath; community: string | null }[] = [];
    const place: UserEventPlace = { pathname: () => pathname, leave: (to, community) => left.push({ to, community }) };
    return { place, left };
  }

  /** The caches of two communities: c1 (the one that closed) and c2, and a group chat of each. */
  function cached() {
    const qc = createQueryClient();
    qc.setQueryData(meKeys.communities(), [
      { id: "c1", name: "Tbilisi Startup Circle" },
      { id: "c2", name: "Supra Photography Club" },
    ]);
    const keys: QueryKey[] = [
      communityKeys.detail("c1"),
      communityKeys.detail("c2"),
      membersKeys.list("c1", { q: "", sort: "points", online: false }),
      membersKeys.list("c2", { q: "", sort: "points", online: false }),
      communityKeys.members("c1"),
      communityKeys.memberList("c1", "", "joined"),
      communityKeys.memberList("c2", "", "joined"),
      bansKey("c1"),
      feedKeys.posts("c1"),
      feedKeys.posts("c2"),
      classroomKeys.courses("c1"),
      calendarKeys.list("c1", "upcoming", "UTC"),
      leaderboardKeys.board("c1", "allTime"),
      leaderboardKeys.board("c2", "allTime"),
      conversationKeys.list(3),
      conversationKeys.groupChats("c1"),
      conversationKeys.groupChats("c2"),
    ];
    for (const key of keys) qc.setQueryData(key, { stale: false });
    qc.setQueryData(conversationKeys.detail("g1"), { id: "g1", communityId: "c1" });
    qc.setQueryData(conversationKeys.detail("g2"), { id: "g2", communityId: "c2" });
    qc.setQueryData(conversationKeys.detail("d1"), { id: "d1", communityId: null });
    return qc;
  }
  const stale = (qc: QueryClient, key: QueryKey) => qc.getQueryState(key)!.isInvalidated;

  it("asks again for what the tab holds of that community, and nothing of the others", () => {
    const qc = cached();
    applyUserEvent(qc, { type: "community.access-ended", communityId: "c1" }, tabAt("/notifications").place);
    for (const key of [
      meKeys.communities(),
      communityKeys.detail("c1"),
      communityKeys.members("c1"),
      communityKeys.memberList("c1", "", "joined"),
      bansKey("c1"),
      membersKeys.list("c1", { q: "", sort: "points", online: false }),
      feedKeys.posts("c1"),
      classroomKeys.courses("c1"),
      calendarKeys.list("c1", "upcoming", "UTC"),
      leaderboardKeys.board("c1", "allTime"),
      conversationKeys.list(3),
      conversationKeys.groupChats("c1"),
      conversationKeys.detail("g1"),
    ]) {
      expect(stale(qc, key), JSON.stringify(key)).toBe(true);
    }
    for (const key of [
      communityKeys.detail("c2"),
      communityKeys.memberList("c2", "", "joined"),
      membersKeys.list("c2", { q: "", sort: "points", online: false }),
      feedKeys.posts("c2"),
      leaderboardKeys.board("c2", "allTime"),
      conversationKeys.groupChats("c2"),
      conversationKeys.detail("g2"),
      conversationKeys.detail("d1"),
    ]) {
      expect(stale(qc, key), JSON.stringify(key)).toBe(false);
    }
  });

  it("takes a tab out of one of its group chats to the chats, naming the community", () => {
    const qc = cached();
    const tab = tabAt("/chat/g1");
    applyUserEvent(qc, { type: "community.access-ended", communityId: "c1" }, tab.place);
    expect(tab.left).toEqual([{ to: "/messages", community: "Tbilisi Startup Circle" }]);
  });

  it("leaves a chat of another community, or a direct chat, where it is", () => {
    const qc = cached();
    for (const path of ["/chat/g2", "/chat/d1", "/chat/unknown"]) {
      const tab = tabAt(path);
      applyUserEvent(qc, { type: "community.access-ended", communityId: "c1" }, tab.place);
      expect(tab.left, path).toEqual([]);
    }
  });

  it("takes a tab on that community's feed or members to Explore, but not when another community is the current one", () => {
    const qc = cached();
    setCurrentCommunityId("c1");
    const members = tabAt("/members");
    applyUserEvent(qc, { type: "community.access-ended", communityId: "c1" }, members.place);
    expect(members.left).toEqual([{ to: "/communities/explore", community: "Tbilisi Startup Circle" }]);

    setCurrentCommunityId("c2");
    const feed = tabAt("/");
    applyUserEvent(qc, { type: "community.access-ended", communityId: "c1" }, feed.place);
    expect(feed.left).toEqual([]);
  });

  it("takes a tab on one of its posts to Explore, without a name when the tab never knew it", () => {
    const qc = createQueryClient();
    qc.setQueryData(feedKeys.post("p1"), { post: { id: "p1" }, community: { id: "c1", name: "" } });
    const tab = tabAt("/post/p1");
    applyUserEvent(qc, { type: "community.access-ended", communityId: "c1" }, tab.place);
    expect(tab.left).toEqual([{ to: "/communities/explore", community: null }]);
  });

  it("leaves pages of no community alone: its public page shows the change itself", () => {
    const qc = cached();
    setCurrentCommunityId("c1");
    for (const path of ["/communities/c1", "/communities/explore", "/settings", "/messages"]) {
      const tab = tabAt(path);
      applyUserEvent(qc, { type: "community.access-ended", communityId: "c1" }, tab.place);
      expect(tab.left, path).toEqual([]);
    }
  });
});
