import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { accept, closeAll, connect, upgrade, type TestSocket } from "../party/test-socket";
import { stopClock } from "../tests/clock";
import { call, createCommunity, createConversation, createUser, TEST_PASSWORD, type TestUser } from "../tests/factories";
import { APPROVE, canRead, newCard, paidCommunity, payOk, provider, postCallback, sandboxCallback } from "../tests/payments";
import { openD1TestDb } from "../tests/test-db-d1";
import type { AppEnv } from "./env";
import { purgeDueAccounts } from "./features/account/purge";
import { GRACE_MS, runPaymentJobs } from "./features/payments/renewals";

/**
 * Every transition of a paying member's membership (DESIGN.md section 4, worker/lib/membership.ts)
 * against every channel it must reach, in one table:
 * - api: whether they can read the community's feed right after;
 * - sockets: their community-room and group-chat sockets, opened over real upgrades before the
 *   transition: "open", or the close code they got. A socket counts as open only if a ping sent after
 *   the transition is answered, so a close issued with the transition always arrives first: closed
 *   here means closed by the time the transition answered, whatever the machine's speed;
 * - told: whether their user room said `community.access-ended`;
 * - renewal: what the renewal job does at the end of their period: "charged" or "none";
 * - notified: the notifications the transition wrote them (type, and the data's kind and state).
 * Time-driven transitions (a cancelled period reaching its end, grace running out) run on a stopped
 * clock, with the rooms' alarms run at the new time.
 */

afterEach(closeAll);

const DAY = 24 * 60 * 60 * 1000;

type World = {
  owner: TestUser;
  staff: TestUser;
  payer: TestUser;
  community: { id: string };
  chatId: string;
  subscriptionId: string;
  periodEnd: number;
  orderId: string;
};

type Outcome = {
  api: boolean;
  sockets: (number | "open")[];
  told: boolean;
  renewal: "charged" | "none";
  notified: string[];
};

const db = () => openD1TestDb();
const runJobs = (now: number) => runPaymentJobs(env as AppEnv, db(), now);

/** A member paying monthly with a saved card, in a paid community with a group chat of its members. */
async function world(): Promise<World> {
  const [owner, staff, payer] = await Promise.all([createUser(), createUser({ staff: true }), createUser()]);
  const community = await paidCommunity(owner.user.id);
  const paid = await payOk(payer, { communityId: community.id, card: newCard(APPROVE), saveCard: true });
  const chat = await createConversation("group", [owner.user.id, payer.user.id], { communityId: community.id });
  // Sessions outlive the month the time-driven rows jump, so the API answers about access, not sign-in.
  await env.DB.prepare("update sessions set expires_at = ? where user_id = ?")
    .bind(Date.now() + 365 * DAY, payer.user.id)
    .run();
  const sub = await env.DB.prepare("select id, current_period_end from user_subscriptions where user_id = ?")
    .bind(payer.user.id)
    .first<{ id: string; current_period_end: number }>();
  return {
    owner,
    staff,
    payer,
    community,
    chatId: chat.id,
    subscriptionId: sub!.id,
    periodEnd: sub!.current_period_end,
    orderId: paid.orderId,
  };
}

const post = (path: string, who: TestUser, body: object = {}) => call(path, { body, cookie: who.cookie });
async function ok(res: Response | Promise<Response>) {
  const r = await res;
  expect([r.url, r.status, r.status < 300 ? "" : await r.text()]).toEqual([r.url, 200, ""]);
  await r.body?.cancel();
}

/** Whether `socket` still answers a ping: "open", or the code it was closed with first. */
async function stateOf(socket: TestSocket): Promise<number | "open"> {
  if (socket.ws.readyState === WebSocket.READY_STATE_OPEN) {
    try {
      socket.ws.send(JSON.stringify({ type: "ping", id: "lifecycle" }));
    } catch {
      // Closed meanwhile: the close code says how.
    }
  }
  return Promise.race([
    socket.closed.then((c) => c.code),
    socket.next("pong", undefined, socket.frames.length).then(() => "open" as const),
  ]);
}

async function notificationsOf(userId: string): Promise<{ id: string; label: string }[]> {
  const rows = await env.DB.prepare("select id, type, data from notifications where recipient_id = ? order by created_at, id")
    .bind(userId)
    .all<{ id: string; type: string; data: string | null }>();
  return rows.results.map((r) => {
    const data = (r.data ? JSON.parse(r.data) : {}) as Record<string, unknown>;
    const state = data.membership ?? data.payment ?? data.subscription ?? data.account ?? data.community;
    return { id: r.id, label: [r.type, data.kind, state].filter((part) => part !== undefined).join(":") };
  });
}

async function runAlarms(w: World) {
  await runDurableObjectAlarm(env.CommunityRoom.getByName(w.community.id));
  await runDurableObjectAlarm(env.ConversationRoom.getByName(w.chatId));
}

type Transition = {
  /** Runs the transition; `clock` is set when the row runs on a stopped clock. */
  act: (w: World, clock: { set(time: number): void } | null) => Promise<void>;
  /** Runs on a stopped clock (the row moves time itself). */
  timed?: boolean;
  expected: Outcome;
};

const revoked = { sockets: [4003, 4003], told: true };
const untouched = { sockets: ["open", "open"] as (number | "open")[], told: false };

const transitions: Record<string, Transition> = {
  "nothing happens (the control)": {
    act: async () => {},
    expected: { api: true, ...untouched, renewal: "charged", notified: [] },
  },
  "removed by the owner, with a reason": {
    act: (w) => ok(post(`/api/communities/${w.community.id}/members/${w.payer.user.id}/remove`, w.owner, { reason: "Spam" })),
    expected: { api: false, ...revoked, renewal: "none", notified: ["SYSTEM_ANNOUNCEMENT:membership:removed"] },
  },
  "banned by the owner": {
    act: (w) => ok(post(`/api/communities/${w.community.id}/members/${w.payer.user.id}/ban`, w.owner, { reason: "Spam" })),
    expected: { api: false, ...revoked, renewal: "none", notified: ["SYSTEM_ANNOUNCEMENT:membership:banned"] },
  },
  leaves: {
    act: (w) => ok(post(`/api/communities/${w.community.id}/leave`, w.payer)),
    expected: { api: false, ...revoked, renewal: "none", notified: [] },
  },
  "refunded (the payment reversed at the provider)": {
    act: async (w) => {
      await provider().reverse(w.orderId, 2500, "GEL");
      await ok(postCallback(await sandboxCallback(w.orderId)));
    },
    expected: { api: false, ...revoked, renewal: "none", notified: [] },
  },
  "cancels: access to the period's end, then lapsed": {
    timed: true,
    act: async (w, clock) => {
      await ok(post(`/api/payments/subscriptions/${w.subscriptionId}/cancel`, w.payer));
      expect(await canRead(w.payer, w.community.id)).toBe(true);
      clock!.set(w.periodEnd);
      await runJobs(w.periodEnd);
      await runAlarms(w);
    },
    expected: { api: false, sockets: [4001, 4001], told: false, renewal: "none", notified: [] },
  },
  "a renewal fails: grace, access kept": {
    timed: true,
    act: async (w, clock) => {
      await env.DB.prepare("update user_payment_methods set is_active = 0, rectoken = '' where user_id = ?")
        .bind(w.payer.user.id)
        .run();
      clock!.set(w.periodEnd);
      await runJobs(w.periodEnd);
      // The rooms let the socket in until the old end: it closes (4001) and the client's reconnect is let in
      // for the grace period.
      await runAlarms(w);
    },
    expected: {
      api: true,
      sockets: [4001, 4001],
      told: false,
      renewal: "none",
      notified: ["SYSTEM_ANNOUNCEMENT:payment:renewal_failed"],
    },
  },
  "grace runs out: lapsed": {
    timed: true,
    act: async (w, clock) => {
      await env.DB.prepare("update user_payment_methods set is_active = 0, rectoken = '' where user_id = ?")
        .bind(w.payer.user.id)
        .run();
      for (const at of [w.periodEnd, w.periodEnd + DAY, w.periodEnd + 3 * DAY, w.periodEnd + GRACE_MS]) {
        clock!.set(at);
        await runJobs(at);
      }
      await runAlarms(w);
    },
    expected: {
      api: false,
      sockets: [4001, 4001],
      told: false,
      renewal: "none",
      notified: [
        "SYSTEM_ANNOUNCEMENT:payment:renewal_failed",
        "SYSTEM_ANNOUNCEMENT:payment:renewal_failed",
        "SYSTEM_ANNOUNCEMENT:payment:renewal_failed",
        "SYSTEM_ANNOUNCEMENT:payment:subscription_ended",
      ],
    },
  },
  "the community is suspended by staff": {
    act: (w) => ok(post(`/api/admin/communities/${w.community.id}/suspend`, w.staff)),
    expected: { api: false, ...revoked, renewal: "none", notified: [] },
  },
  "the community is suspended, then restored": {
    act: async (w) => {
      await ok(post(`/api/admin/communities/${w.community.id}/suspend`, w.staff));
      await ok(post(`/api/admin/communities/${w.community.id}/restore`, w.staff));
    },
    expected: { api: true, ...revoked, renewal: "charged", notified: [] },
  },
  "the community is archived by its owner": {
    act: (w) => ok(post(`/api/communities/${w.community.id}/archive`, w.owner)),
    expected: { api: true, ...untouched, renewal: "none", notified: [] },
  },
  "the community goes free": {
    act: (w) =>
      ok(call(`/api/communities/${w.community.id}`, { method: "PATCH", body: { isPaid: false }, cookie: w.owner.cookie })),
    expected: { api: true, ...untouched, renewal: "none", notified: ["SYSTEM_ANNOUNCEMENT:payment:subscription_ended"] },
  },
  "asks to delete their account": {
    act: (w) => ok(post("/api/account/deletion", w.payer, { password: TEST_PASSWORD })),
    expected: { api: true, ...untouched, renewal: "none", notified: ["SYSTEM_ANNOUNCEMENT:account:deletion_scheduled"] },
  },
  "asks to delete their account, then cancels": {
    act: async (w) => {
      await ok(post("/api/account/deletion", w.payer, { password: TEST_PASSWORD }));
      await ok(call("/api/account/deletion", { method: "DELETE", cookie: w.payer.cookie }));
    },
    expected: {
      api: true,
      ...untouched,
      renewal: "charged",
      notified: ["SYSTEM_ANNOUNCEMENT:account:deletion_scheduled", "SYSTEM_ANNOUNCEMENT:account:deletion_cancelled"],
    },
  },
  "the account is purged": {
    act: async (w) => {
      await ok(post("/api/account/deletion", w.payer, { password: TEST_PASSWORD }));
      await purgeDueAccounts(env as AppEnv, db(), Date.now() + 31 * DAY);
    },
    expected: { api: false, sockets: [4003, 4003], told: false, renewal: "none", notified: [] },
  },
  "signs out": {
    act: (w) => ok(post("/api/auth/sign-out", w.payer)),
    expected: { api: false, sockets: [4003, 4003], told: false, renewal: "charged", notified: [] },
  },
};

async function outcome(transition: Transition): Promise<Outcome> {
  const clock = transition.timed ? stopClock() : null;
  const w = await world();
  const cookie = w.payer.cookie;
  const sockets = await Promise.all([
    connect(`/parties/community-room/${w.community.id}`, { cookie }),
    connect(`/parties/conversation-room/${w.chatId}`, { cookie }),
  ]);
  const userRoom = await connect(`/parties/user-room/${w.payer.user.id}`, { cookie });
  await Promise.all([...sockets, userRoom].map((s) => s.next("welcome")));
  const before = new Set((await notificationsOf(w.payer.user.id)).map((n) => n.id));

  await transition.act(w, clock);

  const states = await Promise.all(sockets.map(stateOf));
  await stateOf(userRoom);
  const told = userRoom.frames.some((f) => f.type === "community.access-ended" && f.communityId === w.community.id);
  const api = await canRead(w.payer, w.community.id);
  const notified = (await notificationsOf(w.payer.user.id)).filter((n) => !before.has(n.id)).map((n) => n.label);

  // The renewal job at the end of the period as it now stands (moved on by a suspension, cut by an end).
  const sub = await env.DB.prepare("select current_period_end as at from user_subscriptions where id = ?")
    .bind(w.subscriptionId)
    .first<{ at: number }>();
  const due = Math.max(sub?.at ?? 0, Date.now()) + 1;
  clock?.set(due);
  await env.DB.prepare("update user_payment_methods set is_active = 1 where user_id = ? and rectoken <> ''")
    .bind(w.payer.user.id)
    .run();
  await runJobs(due);
  const charged = await env.DB.prepare(
    "select count(*) as n from payment_orders where subscription_id = ? and kind = 'renewal' and status = 'approved'",
  )
    .bind(w.subscriptionId)
    .first<{ n: number }>();
  return { api, sockets: states, told, renewal: charged!.n > 0 ? "charged" : "none", notified };
}

describe("the lifecycle matrix: every transition of a paying member, on every channel", () => {
  for (const [name, transition] of Object.entries(transitions)) {
    it(name, async () => {
      expect(await outcome(transition)).toEqual(transition.expected);
    });
  }
});

/**
 * The ways in, for a newcomer: whether they can read the feed and open the community's room after, what
 * the renewal job does at their period's end, and who was told (the newcomer and the owner).
 */
type Arrival = { api: boolean; upgrade: number; renewal: "charged" | "none"; notified: string[]; ownerNotified: string[] };

type Newcomer = { owner: TestUser; person: TestUser; community: { id: string } };

const request = async (n: Newcomer) => {
  const asked = await post(`/api/communities/${n.community.id}/requests`, n.person, { answers: [] });
  expect(asked.status).toBe(201);
  const queue = (await (await call(`/api/communities/${n.community.id}/requests`, { cookie: n.owner.cookie })).json()) as {
    items: { id: string }[];
  };
  return queue.items[0]!.id;
};

const arrivals: Record<string, { paid?: boolean; private?: boolean; act: (n: Newcomer) => Promise<void>; expected: Arrival }> = {
  "joins a free community": {
    act: (n) => ok(post(`/api/communities/${n.community.id}/join`, n.person)),
    expected: { api: true, upgrade: 101, renewal: "none", notified: [], ownerNotified: ["COMMUNITY_JOIN"] },
  },
  "pays to join": {
    paid: true,
    act: async (n) => void (await payOk(n.person, { communityId: n.community.id, card: newCard(APPROVE), saveCard: true })),
    expected: { api: true, upgrade: 101, renewal: "charged", notified: [], ownerNotified: ["COMMUNITY_JOIN"] },
  },
  "asks to join a private community and is approved": {
    private: true,
    act: async (n) => {
      const id = await request(n);
      await ok(post(`/api/communities/${n.community.id}/requests/${id}/approve`, n.owner));
    },
    expected: {
      api: true,
      upgrade: 101,
      renewal: "none",
      notified: ["SYSTEM_ANNOUNCEMENT:membership:approved"],
      ownerNotified: ["SYSTEM_ANNOUNCEMENT:membership:requested", "COMMUNITY_JOIN"],
    },
  },
  "asks to join a private paid community, is approved, and pays": {
    private: true,
    paid: true,
    act: async (n) => {
      const id = await request(n);
      await ok(post(`/api/communities/${n.community.id}/requests/${id}/approve`, n.owner));
      expect(await canRead(n.person, n.community.id)).toBe(false);
      await payOk(n.person, { communityId: n.community.id, card: newCard(APPROVE), saveCard: true });
    },
    expected: {
      api: true,
      upgrade: 101,
      renewal: "charged",
      notified: ["SYSTEM_ANNOUNCEMENT:membership:approved"],
      ownerNotified: ["SYSTEM_ANNOUNCEMENT:membership:requested", "COMMUNITY_JOIN"],
    },
  },
  "asks to join a private community and is declined, with a reason": {
    private: true,
    act: async (n) => {
      const id = await request(n);
      await ok(post(`/api/communities/${n.community.id}/requests/${id}/decline`, n.owner, { reason: "Members only" }));
    },
    expected: {
      api: false,
      upgrade: 404,
      renewal: "none",
      notified: ["SYSTEM_ANNOUNCEMENT:membership:declined"],
      ownerNotified: ["SYSTEM_ANNOUNCEMENT:membership:requested"],
    },
  },
  "is banned, and refused every way in until unbanned; then joins": {
    act: async (n) => {
      await ok(post(`/api/communities/${n.community.id}/join`, n.person));
      await ok(post(`/api/communities/${n.community.id}/members/${n.person.user.id}/ban`, n.owner));
      const refused = await post(`/api/communities/${n.community.id}/join`, n.person);
      expect(refused.status).toBe(403);
      await ok(call(`/api/communities/${n.community.id}/bans/${n.person.user.id}`, { method: "DELETE", cookie: n.owner.cookie }));
      await ok(post(`/api/communities/${n.community.id}/join`, n.person));
    },
    expected: {
      api: true,
      upgrade: 101,
      renewal: "none",
      notified: ["SYSTEM_ANNOUNCEMENT:membership:banned"],
      ownerNotified: ["COMMUNITY_JOIN", "COMMUNITY_JOIN"],
    },
  },
};

describe("the lifecycle matrix: the ways in, on every channel", () => {
  for (const [name, arrival] of Object.entries(arrivals)) {
    it(name, async () => {
      const [owner, person] = await Promise.all([createUser(), createUser()]);
      const community = arrival.paid ? await paidCommunity(owner.user.id) : await createCommunity(owner.user.id);
      if (arrival.private)
        await env.DB.prepare("update communities set visibility = 'private' where id = ?").bind(community.id).run();
      await arrival.act({ owner, person, community });

      const room = await upgrade(`/parties/community-room/${community.id}`, { cookie: person.cookie });
      if (room.webSocket) accept("room", room.webSocket);
      else await room.body?.cancel();
      const sub = await env.DB.prepare("select id, current_period_end as at from user_subscriptions where user_id = ?")
        .bind(person.user.id)
        .first<{ id: string; at: number }>();
      let renewal: Arrival["renewal"] = "none";
      if (sub) {
        await runJobs(sub.at + 1);
        const charged = await env.DB.prepare(
          "select count(*) as n from payment_orders where subscription_id = ? and kind = 'renewal' and status = 'approved'",
        )
          .bind(sub.id)
          .first<{ n: number }>();
        if (charged!.n > 0) renewal = "charged";
      }
      const outcome: Arrival = {
        api: await canRead(person, community.id),
        upgrade: room.status,
        renewal,
        notified: (await notificationsOf(person.user.id)).map((n) => n.label),
        ownerNotified: (await notificationsOf(owner.user.id)).map((n) => n.label),
      };
      expect(outcome).toEqual(arrival.expected);
    });
  }
});
