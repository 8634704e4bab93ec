import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../../common/ids";
import { closeAll, connect, type TestSocket } from "../../../party/test-socket";
import { stopClock } from "../../../tests/clock";
import { seedSession, seedUser } from "../../../tests/db-fixtures";
import { addMember, call, createCommunity, createConversation, expectError, sessionCookie } from "../../../tests/factories";
import { openTestDb } from "../../../tests/test-db";
import { batch, type Db, type Statement } from "../../lib/db";
import { restoreSteps } from "../../lib/membership";

/**
 * What a community's own transitions do to every membership at once (DESIGN.md section 4): suspended
 * and restored by staff, archived by its owner, switched between paid and free.
 */

afterEach(closeAll);

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});

const DAY = 24 * 60 * 60 * 1000;

type Person = { id: string; cookie: string };

/** A person with a live session (from the clock's now), written straight into D1. */
async function person(opts: { staff?: boolean } = {}): Promise<Person> {
  const user = await seedUser(db, opts);
  return { id: user.id, cookie: await sessionCookie(await seedSession(db, user.id)) };
}

/** A new session for someone, for after a stopped clock moved past the old one's expiry. */
const signIn = async (who: Person): Promise<Person> => ({
  id: who.id,
  cookie: await sessionCookie(await seedSession(db, who.id)),
});

/** An approved paid community (monthly subscription, ₾25) with its owner, an admin and a member. */
async function paidWorld() {
  const [owner, admin, member, staff] = await Promise.all([person(), person(), person(), person({ staff: true })]);
  const community = await createCommunity(owner!.id, { isPaid: true });
  await env.DB.prepare(
    "update communities set price = 2500, payment_type = 'subscription', subscription_interval = 'monthly' where id = ?",
  )
    .bind(community.id)
    .run();
  await addMember(community.id, admin!.id, "admin");
  await addMember(community.id, member!.id);
  return { owner: owner!, admin: admin!, member: member!, staff: staff!, community };
}

type Status = "active" | "cancelled" | "expired";

/**
 * A subscription of `userId` running to `end`, and their membership paid by it (access until `end`),
 * as a paid join leaves them. A creator's plan is the owner's payment for the community, no membership.
 */
async function subscribe(
  communityId: string,
  userId: string,
  opts: { status?: Status; end: number; type?: "community" | "creator_plan" },
) {
  const id = newId();
  const now = Date.now();
  const type = opts.type ?? "community";
  await env.DB.batch([
    env.DB.prepare(
      `insert into user_subscriptions (id, user_id, community_id, subscription_type, status, amount, currency, interval,
         current_period_start, current_period_end, cancelled_at, created_at, updated_at)
       values (?, ?, ?, ?, ?, 2500, 'GEL', 'monthly', ?, ?, ?, ?, ?)`,
    ).bind(
      id,
      userId,
      communityId,
      type,
      opts.status ?? "active",
      opts.end - 30 * DAY,
      opts.end,
      opts.status === "cancelled" ? now : null,
      now,
      now,
    ),
    ...(type === "community"
      ? [
          env.DB.prepare(
            `insert into community_members (community_id, profile_id, role, joined_at, access_until, subscription_id)
             values (?, ?, 'member', ?, ?, ?)
             on conflict (community_id, profile_id) do update set access_until = excluded.access_until,
               subscription_id = excluded.subscription_id`,
          ).bind(communityId, userId, now, opts.end, id),
        ]
      : []),
  ]);
  return id;
}

type SubscriptionRow = { status: Status; current_period_end: number; cancelled_at: number | null; retry_at: number | null };
const subscription = (id: string) =>
  env.DB.prepare("select status, current_period_end, cancelled_at, retry_at from user_subscriptions where id = ?")
    .bind(id)
    .first<SubscriptionRow>()
    .then((r) => r!);
const membership = (communityId: string, userId: string) =>
  env.DB.prepare("select access_until, subscription_id from community_members where community_id = ? and profile_id = ?")
    .bind(communityId, userId)
    .first<{ access_until: number | null; subscription_id: string | null }>();
const community = (id: string) =>
  env.DB.prepare(
    "select review_status, suspended_at, archived, is_paid, price, payment_type, subscription_interval from communities where id = ?",
  )
    .bind(id)
    .first<Record<string, unknown>>();

const decide = (id: string, decision: "suspend" | "restore", staff: Person) =>
  call(`/api/admin/communities/${id}/${decision}`, { body: {}, cookie: staff.cookie });
const feed = (id: string, who: Person) => call(`/api/communities/${id}/posts`, { cookie: who.cookie });
const edit = (id: string, who: Person, body: object) =>
  call(`/api/communities/${id}`, { method: "PATCH", body, cookie: who.cookie });

describe("a suspension", () => {
  it("closes everyone's sockets in the community's room and group chats but the owner's, and pauses their access", async () => {
    const w = await paidWorld();
    const chat = await createConversation("group", [w.owner.id, w.admin.id, w.member.id], { communityId: w.community.id });
    const open = async (who: Person) => {
      const sockets = await Promise.all([
        connect(`/parties/community-room/${w.community.id}`, { cookie: who.cookie }),
        connect(`/parties/conversation-room/${chat.id}`, { cookie: who.cookie }),
      ]);
      await Promise.all(sockets.map((s) => s.next("welcome")));
      return sockets as [TestSocket, TestSocket];
    };
    const [owner, admin, member] = [await open(w.owner), await open(w.admin), await open(w.member)];

    expect((await decide(w.community.id, "suspend", w.staff)).status).toBe(200);
    const code = (s: TestSocket) => s.closed.then((c) => c.code);
    expect(await Promise.all([...admin, ...member].map(code))).toEqual([4003, 4003, 4003, 4003]);
    // The owner's sockets still answer, after the rooms closed the others.
    await Promise.all(
      owner.map((s) => {
        s.sendJson({ type: "ping", id: "after-suspension" });
        return s.next("pong", (m) => m.id === "after-suspension", 0, 5000);
      }),
    );
    expect(owner.map((s) => s.ws.readyState === WebSocket.READY_STATE_OPEN)).toEqual([true, true]);
    expect(typeof (await community(w.community.id))!.suspended_at).toBe("number");

    expect((await feed(w.community.id, w.member)).status).toBe(404);
    expect((await feed(w.community.id, w.admin)).status).toBe(404);
    expect((await feed(w.community.id, w.owner)).status).toBe(200);
    // The upgrade is refused while it lasts.
    const again = await call(`/parties/community-room/${w.community.id}`, {
      cookie: w.member.cookie,
      headers: { upgrade: "websocket" },
    });
    expect(again.status).toBe(404);
    // A second suspension changes nothing (and closes nothing).
    await expectError(await decide(w.community.id, "suspend", w.staff), 409, "CONFLICT");
  });

  it("once restored moves every running period and its member's access by exactly the pause, and nothing else", async () => {
    const t0 = Date.UTC(2030, 0, 10, 12);
    const clock = stopClock(t0);
    const w = await paidWorld();
    const other = await person();
    const oneTime = await person();
    const lapsed = await person();
    const end = t0 + 10 * DAY;
    const active = await subscribe(w.community.id, w.member.id, { end });
    const cancelled = await subscribe(w.community.id, other.id, { status: "cancelled", end: end + DAY });
    const expired = await subscribe(w.community.id, lapsed.id, { status: "expired", end: t0 - DAY });
    await addMember(w.community.id, oneTime.id);
    // Another community's subscription, and the owner's plan for this one, are not this pause's.
    const elsewhere = await createCommunity(w.owner.id, { isPaid: true });
    const unrelated = await subscribe(elsewhere.id, w.member.id, { end });
    const plan = await subscribe(w.community.id, w.owner.id, { end, type: "creator_plan" });

    expect((await decide(w.community.id, "suspend", w.staff)).status).toBe(200);
    expect((await community(w.community.id))!.suspended_at).toBe(t0);
    const N = 12;
    clock.set(t0 + N * DAY);
    const staff = await signIn(w.staff);
    expect((await decide(w.community.id, "restore", staff)).status).toBe(200);

    expect(await community(w.community.id)).toMatchObject({ review_status: "approved", suspended_at: null });
    expect((await subscription(active)).current_period_end).toBe(end + N * DAY);
    expect((await subscription(cancelled)).current_period_end).toBe(end + DAY + N * DAY);
    expect((await subscription(active)).status).toBe("active");
    expect((await subscription(cancelled)).status).toBe("cancelled");
    expect((await membership(w.community.id, w.member.id))!.access_until).toBe(end + N * DAY);
    expect((await membership(w.community.id, other.id))!.access_until).toBe(end + DAY + N * DAY);
    // Ended before, paid once (no end), or elsewhere: untouched.
    expect((await subscription(expired)).current_period_end).toBe(t0 - DAY);
    expect((await membership(w.community.id, lapsed.id))!.access_until).toBe(t0 - DAY);
    expect((await membership(w.community.id, oneTime.id))!.access_until).toBeNull();
    expect((await subscription(unrelated)).current_period_end).toBe(end);
    expect((await subscription(plan)).current_period_end).toBe(end);
    expect((await membership(elsewhere.id, w.member.id))!.access_until).toBe(end);

    // The member reads again, with their days intact; a second restore moves nothing.
    expect((await feed(w.community.id, await signIn(w.member))).status).toBe(200);
    clock.set(t0 + N * DAY + 60_000);
    await expectError(await decide(w.community.id, "restore", staff), 409, "CONFLICT");
    // A restore that read the suspension just before another one ended it moves nothing either.
    await batch(db, restoreSteps(db, w.community.id, t0, Date.now()) as Statement[]);
    expect((await subscription(active)).current_period_end).toBe(end + N * DAY);
    expect((await membership(w.community.id, w.member.id))!.access_until).toBe(end + N * DAY);
  });
});

describe("archiving", () => {
  it("cancels every renewing subscription to the end of its period; members keep reading; unarchiving restarts none", async () => {
    const w = await paidWorld();
    const other = await person();
    const end = Date.now() + 10 * DAY;
    const active = await subscribe(w.community.id, w.member.id, { end });
    const cancelledAt = Date.now() - DAY;
    const cancelled = await subscribe(w.community.id, other.id, { status: "cancelled", end });
    await env.DB.prepare("update user_subscriptions set cancelled_at = ? where id = ?").bind(cancelledAt, cancelled).run();
    const elsewhere = await createCommunity(w.owner.id, { isPaid: true });
    const unrelated = await subscribe(elsewhere.id, w.member.id, { end });
    const plan = await subscribe(w.community.id, w.owner.id, { end, type: "creator_plan" });

    // Only the owner archives: an admin's try changes nothing.
    await expectError(await call(`/api/communities/${w.community.id}/archive`, { method: "POST", cookie: w.admin.cookie }), 403);
    expect((await subscription(active)).status).toBe("active");

    const before = Date.now();
    expect((await call(`/api/communities/${w.community.id}/archive`, { method: "POST", cookie: w.owner.cookie })).status).toBe(
      200,
    );
    const after = await subscription(active);
    expect(after).toMatchObject({ status: "cancelled", current_period_end: end });
    expect(after.cancelled_at).toBeGreaterThanOrEqual(before);
    expect(await subscription(cancelled)).toMatchObject({
      status: "cancelled",
      cancelled_at: cancelledAt,
      current_period_end: end,
    });
    expect((await subscription(unrelated)).status).toBe("active");
    expect((await subscription(plan)).status).toBe("active");
    expect((await membership(w.community.id, w.member.id))!.access_until).toBe(end);
    expect((await feed(w.community.id, w.member)).status).toBe(200);

    expect((await call(`/api/communities/${w.community.id}/unarchive`, { method: "POST", cookie: w.owner.cookie })).status).toBe(
      200,
    );
    expect((await subscription(active)).status).toBe("cancelled");
  });
});

describe("the price", () => {
  it("is the owner's alone: an admin changing it gets 403 and nothing changes; an admin saving the same price may", async () => {
    const w = await paidWorld();
    const sub = await subscribe(w.community.id, w.member.id, { end: Date.now() + 10 * DAY });
    const before = await community(w.community.id);
    const same = { isPaid: true, price: 25, paymentType: "subscription", subscriptionInterval: "monthly" };
    for (const body of [
      { price: 30 },
      { ...same, price: 25.01 },
      { ...same, paymentType: "single", subscriptionInterval: null },
      { ...same, subscriptionInterval: "yearly" },
      { isPaid: false, price: null, paymentType: null, subscriptionInterval: null },
      { description: "Cheaper now", isPaid: false },
    ]) {
      const res = await edit(w.community.id, w.admin, body);
      const { error } = await expectError(res, 403, "FORBIDDEN");
      expect(error.message).toBe("Only the owner can change the community's price.");
    }
    expect(await community(w.community.id)).toEqual(before);
    expect((await subscription(sub)).status).toBe("active");
    // The edit form sends every field: an admin who leaves the price as it is edits the rest.
    const res = await edit(w.community.id, w.admin, { ...same, description: "Weekly workshops" });
    expect(res.status).toBe(200);
    expect(await community(w.community.id)).toEqual(before);
  });

  it("switched to free by the owner ends every running subscription at once; members stay, free, and are told", async () => {
    const w = await paidWorld();
    const other = await person();
    const oneTime = await person();
    const end = Date.now() + 10 * DAY;
    const active = await subscribe(w.community.id, w.member.id, { end });
    const cancelled = await subscribe(w.community.id, other.id, { status: "cancelled", end });
    await addMember(w.community.id, oneTime.id);
    const elsewhere = await createCommunity(w.owner.id, { isPaid: true });
    const unrelated = await subscribe(elsewhere.id, w.member.id, { end });
    const plan = await subscribe(w.community.id, w.owner.id, { end, type: "creator_plan" });
    const tab = await connect(`/parties/user-room/${w.member.id}`, { cookie: w.member.cookie });
    await tab.next("welcome");

    const before = Date.now();
    const res = await edit(w.community.id, w.owner, {
      isPaid: false,
      price: null,
      paymentType: null,
      subscriptionInterval: null,
    });
    expect(res.status).toBe(200);
    const after = Date.now();
    expect(await community(w.community.id)).toMatchObject({ is_paid: 0, price: 0, payment_type: null });
    for (const id of [active, cancelled]) {
      const row = await subscription(id);
      expect(row.status).toBe("expired");
      expect(row.current_period_end).toBeGreaterThanOrEqual(before);
      expect(row.current_period_end).toBeLessThanOrEqual(after);
    }
    expect((await subscription(unrelated)).status).toBe("active");
    expect((await subscription(plan)).status).toBe("active");
    for (const who of [w.member, other, oneTime])
      expect(await membership(w.community.id, who.id)).toEqual({ access_until: null, subscription_id: null });
    expect(await membership(elsewhere.id, w.member.id)).toEqual({ access_until: end, subscription_id: unrelated });
    for (const who of [w.member, other, oneTime]) expect((await feed(w.community.id, who)).status).toBe(200);

    const told = async (who: Person) => {
      const list = (await (await call("/api/notifications?limit=50", { cookie: who.cookie })).json()) as {
        items: { type: string; data: unknown; community: { id: string } | null }[];
      };
      return list.items.filter((n) => n.type === "SYSTEM_ANNOUNCEMENT").map((n) => [n.community?.id, n.data]);
    };
    const ended = [[w.community.id, { kind: "payment", payment: "subscription_ended" }]];
    expect(await told(w.member)).toEqual(ended);
    expect(await told(other)).toEqual(ended);
    expect(await told(oneTime)).toEqual([]);
    // Pushed to the open tab like any notification.
    const pushed = await tab.next("notification.created", undefined, 0, 5000);
    expect(pushed.notification.data).toEqual({ kind: "payment", payment: "subscription_ended" });
  });

  it("switched from free to paid leaves everyone in a free member", async () => {
    const [owner, member] = await Promise.all([person(), person()]);
    // Free, on a plan with paid memberships (Starter), so its owner may set a price.
    const free = await createCommunity(owner.id, { plan: "starter" });
    await addMember(free.id, member.id);
    const res = await edit(free.id, owner, {
      isPaid: true,
      price: 25,
      paymentType: "subscription",
      subscriptionInterval: "monthly",
    });
    expect(res.status).toBe(200);
    expect(await community(free.id)).toMatchObject({ is_paid: 1, price: 2500 });
    expect(await membership(free.id, member.id)).toEqual({ access_until: null, subscription_id: null });
    expect((await feed(free.id, member)).status).toBe(200);
  });
});
