import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { newId } from "../../../common/ids";
import { closeAll, connect } from "../../../party/test-socket";
import { call, createCommunity, createUser, type TestUser } from "../../../tests/factories";
import { parseQueryStats } from "../../lib/query-count";
import type { NotificationItem } from "../../lib/notification-rows";

type Page = { items: NotificationItem[]; nextCursor: string | null };

afterEach(closeAll);

async function notify(recipient: TestUser, opts: { senderId?: string; communityId?: string; createdAt: number; read?: boolean }) {
  const id = newId(opts.createdAt);
  await env.DB.prepare(
    "insert into notifications (id, recipient_id, sender_id, community_id, type, content, is_read, created_at) values (?, ?, ?, ?, 'POST_LIKE', ?, ?, ?)",
  )
    .bind(
      id,
      recipient.user.id,
      opts.senderId ?? null,
      opts.communityId ?? null,
      `n-${opts.createdAt}`,
      opts.read ? 1 : 0,
      opts.createdAt,
    )
    .run();
  return id;
}

describe("notifications", () => {
  it("need a session on every endpoint", async () => {
    for (const [path, method] of [
      ["/api/notifications", "GET"],
      ["/api/notifications/unread-count", "GET"],
      ["/api/notifications/read-all", "POST"],
      [`/api/notifications/${newId()}/read`, "POST"],
    ] as const) {
      expect((await call(path, { method, body: method === "POST" ? {} : undefined })).status).toBe(401);
    }
  });

  it("pages newest first with sender and community, 20 at a time, filtered by community", async () => {
    const me = await createUser();
    const sender = await createUser({ name: "Sender Person" });
    const community = await createCommunity(sender.user.id, { name: "Photo Club" });
    const base = Date.now() - 100_000;
    for (let i = 0; i < 23; i++) await notify(me, { senderId: sender.user.id, communityId: community.id, createdAt: base + i });
    await notify(me, { createdAt: base + 50 });

    const first = (await (await call("/api/notifications", { cookie: me.cookie })).json()) as Page;
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.content).toBe(`n-${base + 50}`);
    expect(first.items[0]!.sender).toBeNull();
    expect(first.items[1]).toMatchObject({
      sender: { fullName: "Sender Person" },
      community: { name: "Photo Club" },
      isRead: false,
    });
    const second = (await (await call(`/api/notifications?cursor=${first.nextCursor}`, { cookie: me.cookie })).json()) as Page;
    expect(second.items).toHaveLength(4);
    expect(second.nextCursor).toBeNull();
    const ids = new Set([...first.items, ...second.items].map((n) => n.id));
    expect(ids.size).toBe(24);

    const filtered = (await (
      await call(`/api/notifications?communityId=${community.id}&limit=50`, { cookie: me.cookie })
    ).json()) as Page;
    expect(filtered.items).toHaveLength(23);
  });

  it("counts unread, marks one and all read, and never touches someone else's", async () => {
    const me = await createUser();
    const other = await createUser();
    const community = await createCommunity(me.user.id);
    const now = Date.now();
    const mine = await notify(me, { createdAt: now - 3, communityId: community.id });
    await notify(me, { createdAt: now - 2 });
    await notify(me, { createdAt: now - 1, read: true });
    const theirs = await notify(other, { createdAt: now });

    const count = async (q = "") =>
      ((await (await call(`/api/notifications/unread-count${q}`, { cookie: me.cookie })).json()) as { count: number }).count;
    expect(await count()).toBe(2);
    expect(await count(`?communityId=${community.id}`)).toBe(1);

    expect((await call(`/api/notifications/${theirs}/read`, { method: "POST", cookie: me.cookie })).status).toBe(404);
    const read = await call(`/api/notifications/${mine}/read`, { method: "POST", cookie: me.cookie });
    expect(read.status).toBe(200);
    // The session, the update and the new unread total in one round trip.
    expect(parseQueryStats(read.headers.get("server-timing"))).toMatchObject({ statements: 3, roundTrips: 1 });
    expect(await count()).toBe(1);

    const all = await call("/api/notifications/read-all", { body: {}, cookie: me.cookie });
    expect(parseQueryStats(all.headers.get("server-timing"))).toMatchObject({ statements: 3, roundTrips: 1 });
    expect(await all.json()).toEqual({ count: 1 });
    expect(await count()).toBe(0);
    const theirCount = (await (await call("/api/notifications/unread-count", { cookie: other.cookie })).json()) as {
      count: number;
    };
    expect(theirCount.count).toBe(1);
  });

  it("tells the user's other tabs the same unread total the API answers, after reading one and after reading all", async () => {
    const me = await createUser();
    const now = Date.now();
    const first = await notify(me, { createdAt: now - 3 });
    await notify(me, { createdAt: now - 2 });
    await notify(me, { createdAt: now - 1 });
    const tab = await connect(`/parties/user-room/${me.user.id}`, { cookie: me.cookie });
    await tab.next("welcome");
    const apiCount = async () =>
      ((await (await call("/api/notifications/unread-count", { cookie: me.cookie })).json()) as { count: number }).count;

    expect((await call(`/api/notifications/${first}/read`, { method: "POST", cookie: me.cookie })).status).toBe(200);
    const afterOne = await tab.next("notification.unread");
    expect(afterOne.count).toBe(await apiCount());
    expect(afterOne.count).toBe(2);

    expect((await call("/api/notifications/read-all", { body: {}, cookie: me.cookie })).status).toBe(200);
    const afterAll = await tab.next("notification.unread", (e) => e.count !== afterOne.count);
    expect(afterAll.count).toBe(await apiCount());
    expect(afterAll.count).toBe(0);
  });

  it.each([
    ["/api/notifications?limit=0", 422],
    ["/api/notifications?limit=abc", 422],
    ["/api/notifications?limit=51", 422],
    ["/api/notifications?cursor=%%%", 422],
    ["/api/notifications?cursor=bm90LWEtY3Vyc29y", 422],
    [`/api/notifications?communityId=${"x".repeat(65)}`, 422],
  ] as const)("rejects %s", async (path, status) => {
    const me = await createUser();
    const res = await call(path, { cookie: me.cookie });
    expect(res.status).toBe(status);
  });

  it("rejects a malformed read-all body", async () => {
    const me = await createUser();
    expect((await call("/api/notifications/read-all", { rawBody: "{", cookie: me.cookie })).status).toBe(400);
    expect((await call("/api/notifications/read-all", { body: { communityId: 5 }, cookie: me.cookie })).status).toBe(422);
  });
});
