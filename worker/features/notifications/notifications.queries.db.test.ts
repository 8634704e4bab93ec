import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../lib/db";
import { seedCommunity, seedNotification, seedUser } from "../../../tests/db-fixtures";
import { openTestDb, testEngine } from "../../../tests/test-db";
import { notificationsByIds, toWritten, unreadCount } from "../../lib/notification-rows";
import { listNotifications, markAllRead, markRead } from "./notifications.queries";

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});

async function world() {
  const recipient = await seedUser(db, { fullName: "Nino" });
  const sender = await seedUser(db, { fullName: "Giorgi" });
  const a = await seedCommunity(db, sender.id, { name: "Alpha" });
  const b = await seedCommunity(db, sender.id, { name: "Beta" });
  const t = Date.now();
  const oldest = await seedNotification(db, {
    recipientId: recipient.id,
    senderId: sender.id,
    communityId: a.id,
    createdAt: t - 3000,
  });
  const read = await seedNotification(db, {
    recipientId: recipient.id,
    communityId: b.id,
    type: "SYSTEM_ANNOUNCEMENT",
    isRead: true,
    data: { kind: "review", decision: "approve" },
    createdAt: t - 2000,
  });
  const newest = await seedNotification(db, {
    recipientId: recipient.id,
    senderId: sender.id,
    communityId: a.id,
    postId: "post-1",
    createdAt: t - 1000,
  });
  return { recipient, sender, a, b, oldest, read, newest };
}

describe(`notification queries on ${testEngine()}`, () => {
  it("lists newest first with sender and community, and pages by cursor", async () => {
    const w = await world();
    const first = await listNotifications(db, w.recipient.id, { limit: 2 });
    expect(first.items.map((n) => n.id)).toEqual([w.newest.id, w.read.id]);
    expect(first.items[0]).toMatchObject({
      sender: { id: w.sender.id, fullName: "Giorgi", avatarUrl: null },
      community: { id: w.a.id, name: "Alpha" },
      postId: "post-1",
      isRead: false,
    });
    expect(first.items[1]).toMatchObject({ sender: null, isRead: true, data: { kind: "review", decision: "approve" } });
    expect(first.nextCursor).not.toBeNull();
    const second = await listNotifications(db, w.recipient.id, { limit: 2, cursor: first.nextCursor! });
    expect(second.items.map((n) => n.id)).toEqual([w.oldest.id]);
    expect(second.nextCursor).toBeNull();
    const inA = await listNotifications(db, w.recipient.id, { limit: 10, communityId: w.a.id });
    expect(inA.items.map((n) => n.id)).toEqual([w.newest.id, w.oldest.id]);
  });

  it("counts unread, marks one (only the recipient's own) and all read", async () => {
    const w = await world();
    const unread = async (communityId?: string) => (await unreadCount(db, w.recipient.id, communityId))[0]?.value;
    expect(await unread()).toBe(2);
    expect(await unread(w.b.id)).toBe(0);
    expect(await markRead(db, w.sender.id, w.newest.id)).toEqual([]);
    expect(await markRead(db, w.recipient.id, w.newest.id)).toEqual([{ id: w.newest.id }]);
    expect(await unread()).toBe(1);
    expect(await markAllRead(db, w.recipient.id)).toHaveLength(1);
    expect(await unread()).toBe(0);
  });

  it("shapes rows just written with each recipient's unread count", async () => {
    const w = await world();
    const rows = toWritten(await notificationsByIds(db, [w.newest.id, w.read.id]));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ recipientId: w.recipient.id, unread: 2 });
    expect(rows.find((r) => r.item.id === w.newest.id)!.item.community).toEqual({ id: w.a.id, name: "Alpha" });
  });
});
