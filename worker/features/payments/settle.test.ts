import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { plans } from "../../../common/catalog";
import { newId } from "../../../common/ids";
import { closeAll, connect } from "../../../party/test-socket";
import { stopClock } from "../../../tests/clock";
import { seedCommunity, seedSession, seedUser } from "../../../tests/db-fixtures";
import { sessionCookie } from "../../../tests/factories";
import { openD1TestDb } from "../../../tests/test-db-d1";
import type { AppEnv } from "../../env";
import { publishToUser } from "../../lib/rooms";
import {
  communities,
  communityBans,
  communityMembers,
  mailOutbox,
  notifications,
  paymentOrders,
  receipts,
  userPaymentMethods,
  userSubscriptions,
} from "../../lib/tables";
import { paymentProvider } from "../../payments/config";
import { ProviderError, type PaymentProvider } from "../../payments/provider";
import { newPaymentId, reversalFaults, sandboxOrders, type SandboxOrder } from "../../payments/sandbox/store";
import { openToken } from "../../payments/token-vault";
import type { OrderStatus } from "../../../db/schema/payments";
import { orderStatement } from "./orders";
import { REVERSAL_RETRY_MS, reverseOwed, settle, settleOrder, type PaymentDeps } from "./settle";

// settle.ts driven straight, without the payment routes: our order rows written as the routes leave them,
// the provider's side staged in the local Flitt sandbox (its orders are this isolate's memory), and the
// real Flitt adapter between them (signed status and reversal calls). The clock is stopped, so every
// time written is asserted to the millisecond. Fast enough for the payments mutation group.

const db = openD1TestDb();

afterEach(async () => {
  vi.restoreAllMocks();
  await closeAll();
});

/** 2030-01-31 09:15:00.123 UTC, a month's last day: a month on is 2030-02-28. */
const T = Date.UTC(2030, 0, 31, 9, 15, 0, 123);
const MONTH_ON = Date.UTC(2030, 1, 28, 9, 15, 0, 123);
/** The sandbox card's expiry as Flitt's token lifetime says it: the first moment after December 2039. */
const CARD_LIFETIME = Date.UTC(2040, 0, 1);

const realProvider = () => paymentProvider(env as AppEnv, "http://app.test");
const deps = (more: Partial<PaymentDeps> = {}): PaymentDeps => ({ db, env: env as AppEnv, provider: realProvider(), ...more });

/** The real adapter with one method failing as given (a bug, or the network). */
function failing(method: "status" | "reverse", error: unknown): PaymentProvider {
  return Object.assign(Object.create(realProvider()) as PaymentProvider, {
    [method]: () => Promise.reject(error),
  });
}

type CommunityValues = Partial<typeof communities.$inferInsert>;
type World = Awaited<ReturnType<typeof world>>;

/** The clock stopped at T, a paid one-time community (Starter), its owner and a payer. */
async function world(values: CommunityValues = {}) {
  const clock = stopClock(T);
  const owner = await seedUser(db);
  const payer = await seedUser(db, { fullName: "Payer" });
  const community = await seedCommunity(db, owner.id, { isPaid: true, price: 1000, paymentType: "single", ...values });
  return { clock, owner, payer, communityId: community.id, communityName: community.name };
}

const subscribing: CommunityValues = { paymentType: "subscription", subscriptionInterval: "monthly" };

type OrderValues = Partial<typeof paymentOrders.$inferInsert>;
type BankValues = Partial<SandboxOrder>;

/** The provider's side of an order: approved with the sandbox's approving card unless told otherwise. */
function bank(orderId: string, values: BankValues = {}): SandboxOrder {
  const order: SandboxOrder = {
    orderId,
    paymentId: newPaymentId(),
    amount: 1000,
    currency: "GEL",
    description: "test",
    status: "approved",
    callbackUrl: null,
    email: `payer-${orderId}@example.com`,
    wantsToken: false,
    approveOnCharge: true,
    maskedCard: "444455XXXXXX6666",
    cardType: "VISA",
    expiresAt: CARD_LIFETIME,
    reversalAmount: 0,
    declineReason: null,
    md: null,
    responseUrl: null,
    createdAt: T - 60_000,
    ...values,
  };
  sandboxOrders.set(orderId, order);
  return order;
}

/** Our order as the routes write it (a payer's join, in processing), and the provider's side of it (or none). */
async function placed(w: World, values: OrderValues = {}, bankValues: BankValues | null = {}): Promise<string> {
  const id = newId();
  await db.insert(paymentOrders).values({
    id,
    userId: w.payer.id,
    communityId: w.communityId,
    kind: "join_community",
    amount: 1000,
    status: "processing",
    statusHistory: [{ status: "created", at: T - 60_000 }],
    createdAt: T - 60_000,
    updatedAt: T - 60_000,
    ...values,
  });
  if (bankValues) bank(id, bankValues);
  return id;
}

const orderRow = async (id: string) => (await db.select().from(paymentOrders).where(eq(paymentOrders.id, id)))[0]!;

const memberRow = async (communityId: string, profileId: string) =>
  (
    await db
      .select({
        role: communityMembers.role,
        joinedAt: communityMembers.joinedAt,
        accessUntil: communityMembers.accessUntil,
        subscriptionId: communityMembers.subscriptionId,
      })
      .from(communityMembers)
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.profileId, profileId)))
  )[0] ?? null;

const subscriptionsOf = (userId: string) => db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId));

const receiptsOf = (orderId: string) =>
  db
    .select({
      kind: receipts.kind,
      item: receipts.item,
      plan: receipts.plan,
      userId: receipts.userId,
      communityId: receipts.communityId,
      communityName: receipts.communityName,
      periodStart: receipts.periodStart,
      periodEnd: receipts.periodEnd,
      amount: receipts.amount,
      currency: receipts.currency,
      cardType: receipts.cardType,
      lastFour: receipts.lastFour,
      refundKey: receipts.refundKey,
      refundedBy: receipts.refundedBy,
      createdAt: receipts.createdAt,
    })
    .from(receipts)
    .where(eq(receipts.orderId, orderId))
    .orderBy(receipts.number);

const cardsOf = (userId: string) =>
  db.select().from(userPaymentMethods).where(eq(userPaymentMethods.userId, userId)).orderBy(userPaymentMethods.createdAt);

const joinNotices = async (communityId: string) =>
  (
    await db
      .select({ recipientId: notifications.recipientId, senderId: notifications.senderId })
      .from(notifications)
      .where(and(eq(notifications.communityId, communityId), eq(notifications.type, "COMMUNITY_JOIN")))
  ).length;

const receiptMails = (to: string) =>
  db
    .select({ subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, "receipt")));

const membersCount = async (id: string) =>
  (await db.select({ n: communities.membersCount }).from(communities).where(eq(communities.id, id)))[0]!.n;

/** The log lines written at level warn from now on (one JSON object each): what the settle warned of. */
function warnings() {
  const spy = vi.spyOn(console, "warn");
  spy.mockClear();
  return () =>
    spy.mock.calls
      .map(([line]) => {
        try {
          return JSON.parse(String(line)) as Record<string, unknown>;
        } catch {
          return null;
        }
      })
      .filter((l): l is Record<string, unknown> => l !== null && l.level === "warn");
}

const history = async (id: string) => (await orderRow(id)).statusHistory;

/** A tab of the user's open on their own room (where access-ended is told), welcomed. */
async function tab(userId: string) {
  const cookie = await sessionCookie(await seedSession(db, userId));
  const socket = await connect(`/parties/user-room/${userId}`, { cookie });
  await socket.next("welcome");
  return socket;
}

let marks = 0;
/**
 * How many access-ended frames (for the community, or any) the tab has had: counted once a frame sent
 * now has arrived, as the room sends frames in the order it was asked to.
 */
async function accessEnded(socket: Awaited<ReturnType<typeof tab>>, userId: string, communityId?: string) {
  const count = 900_000 + ++marks;
  await publishToUser(env as AppEnv, userId, { type: "notification.unread", count });
  await socket.next("notification.unread", (f) => f.count === count);
  return socket.frames.filter((f) => f.type === "community.access-ended" && (!communityId || f.communityId === communityId))
    .length;
}

/** A subscriber (monthly) whose period ended at `start`, a failed try behind them, with access through the grace period. */
async function subscriber(w: World, start: number) {
  const subscriptionId = newId();
  await db.insert(userSubscriptions).values({
    id: subscriptionId,
    userId: w.payer.id,
    communityId: w.communityId,
    amount: 1000,
    currentPeriodStart: start - 31 * 86_400_000,
    currentPeriodEnd: start,
    renewalFailures: 1,
    retryAt: start + 86_400_000,
    createdAt: start - 31 * 86_400_000,
    updatedAt: start,
  });
  await db.insert(communityMembers).values({
    communityId: w.communityId,
    profileId: w.payer.id,
    joinedAt: start - 31 * 86_400_000,
    accessUntil: start + 7 * 86_400_000,
    subscriptionId,
  });
  return subscriptionId;
}

describe("what settle answers", () => {
  it("answers null for an order we do not have", async () => {
    await world();
    expect(await settle(deps(), newId())).toBeNull();
    expect(await settleOrder(deps(), newId())).toBeNull();
  });

  it("changes nothing and answers the provider's refusal when the provider does not know the order", async () => {
    const w = await world();
    const id = await placed(w, {}, null);
    const before = await orderRow(id);
    const settled = await settle(deps(), id);
    expect(settled!.order).toMatchObject({ id, status: "processing" });
    expect(settled!.said).toBeInstanceOf(ProviderError);
    expect((settled!.said as ProviderError).code).toBe("1018");
    expect(await orderRow(id)).toEqual(before);
  });

  it("lets anything but the provider's refusal through (a bug is not a payment's state)", async () => {
    const w = await world();
    const id = await placed(w);
    await expect(settle(deps({ provider: failing("status", new TypeError("boom")) }), id)).rejects.toThrow("boom");
    expect((await orderRow(id)).status).toBe("processing");
  });

  it("believes no status whose amount or currency differs from the order's, and says so", async () => {
    for (const mismatch of [{ amount: 999 }, { currency: "USD" }]) {
      const w = await world();
      const id = await placed(w, {}, mismatch);
      const before = await orderRow(id);
      const warned = warnings();
      const settled = await settle(deps(), id);
      expect(settled!.order.status).toBe("processing");
      expect(settled!.said).toMatchObject({ status: "approved", ...mismatch });
      expect(await orderRow(id)).toEqual(before);
      expect(await memberRow(w.communityId, w.payer.id)).toBeNull();
      expect(warned()).toEqual([
        { level: "warn", message: "payment amount or currency differs from the order", orderId: id, status: "approved" },
      ]);
      vi.restoreAllMocks();
    }
  });

  it("answers the order as the settle left it, and what the provider said", async () => {
    const w = await world();
    const id = await placed(w);
    const settled = await settle(deps(), id);
    expect(settled!.order).toMatchObject({ id, status: "approved", reversal_due_at: null, community_name: w.communityName });
    expect(settled!.said).toMatchObject({ orderId: id, status: "approved", amount: 1000, currency: "GEL" });
    expect(await settleOrder(deps(), id)).toMatchObject({ id, status: "approved" });
  });
});

describe("the status changes an order may make", () => {
  const statuses: OrderStatus[] = ["created", "processing", "approved", "declined", "expired", "reversed"];
  const moves: Record<OrderStatus, OrderStatus[]> = {
    created: ["processing", "approved", "declined", "expired"],
    processing: ["approved", "declined", "expired"],
    approved: ["reversed"],
    declined: ["approved"],
    expired: [],
    reversed: [],
  };
  for (const from of statuses) {
    for (const to of statuses) {
      const allowed = moves[from].includes(to);
      it(`${allowed ? "moves" : "keeps"} an order ${from} when the provider says ${to}`, async () => {
        const w = await world();
        const id = await placed(
          w,
          { status: from },
          { status: to, reversalAmount: to === "reversed" ? 1000 : 0, declineReason: to === "declined" ? "Declined" : null },
        );
        const before = await orderRow(id);
        await settle(deps(), id);
        const after = await orderRow(id);
        if (!allowed) {
          expect(after).toEqual(before);
          return;
        }
        // A late approval (declined by us first) is given back at once: approved, then reversed.
        const written = from === "declined" ? ["approved", "reversed"] : [to];
        expect(after.status).toBe(written.at(-1));
        expect(after.statusHistory.map((h) => h.status)).toEqual([...before.statusHistory.map((h) => h.status), ...written]);
        expect(after.transitionId).not.toBeNull();
        expect(after.updatedAt).toBe(T);
      });
    }
  }

  it("records each change with its time, and a decline's words and kind", async () => {
    const cases: [BankValues, object][] = [
      [{ status: "approved" }, { status: "approved", at: T }],
      [{ status: "expired" }, { status: "expired", at: T }],
      [
        { status: "declined", declineReason: "3DSecure authentication failed" },
        { status: "declined", at: T, note: "3DSecure authentication failed", reason: "authentication" },
      ],
      [
        { status: "declined", declineReason: "Declined by the card's bank" },
        { status: "declined", at: T, note: "Declined by the card's bank", reason: "declined" },
      ],
    ];
    for (const [bankValues, entry] of cases) {
      const w = await world();
      const id = await placed(w, {}, bankValues);
      await settle(deps(), id);
      expect(await history(id)).toEqual([{ status: "created", at: T - 60_000 }, entry]);
    }
  });

  it("takes the provider's payment id, and keeps one known already", async () => {
    const w = await world();
    const fresh = await placed(w);
    const paymentId = sandboxOrders.get(fresh)!.paymentId;
    await settle(deps(), fresh);
    expect((await orderRow(fresh)).providerOrderId).toBe(String(paymentId));

    const known = await placed(await world(), { providerOrderId: `known-${newId()}` });
    const before = (await orderRow(known)).providerOrderId;
    await settle(deps(), known);
    expect(await orderRow(known)).toMatchObject({ status: "approved", providerOrderId: before });
  });

  it("starts from the caller's row when it passes one (saving the read), and moves the order only from the status it saw", async () => {
    const w = await world();
    const id = await placed(w, { status: "created" });
    const row = (await orderStatement(db, id))!;
    // A caller that saw the order given up: an approval is then a late one, and the table's row (created)
    // is not the one it saw, so nothing moves, nothing is granted, nothing given back.
    const settled = await settle(deps(), id, { order: { ...row, status: "declined" } });
    expect(settled!.order.status).toBe("created");
    expect(await orderRow(id)).toMatchObject({ status: "created", transitionId: null });
    expect(await memberRow(w.communityId, w.payer.id)).toBeNull();
    expect(await receiptsOf(id)).toEqual([]);
    expect(sandboxOrders.get(id)).toMatchObject({ status: "approved", reversalAmount: 0 });
  });
});

describe("an approved join", () => {
  it("lets the payer in once: membership, recount, the owner told, a charge receipt", async () => {
    const w = await world();
    const id = await placed(w);
    await settle(deps(), id);
    expect(await memberRow(w.communityId, w.payer.id)).toEqual({
      role: "member",
      joinedAt: T,
      accessUntil: null,
      subscriptionId: null,
    });
    expect(await membersCount(w.communityId)).toBe(2);
    expect(await joinNotices(w.communityId)).toBe(1);
    expect(await receiptsOf(id)).toEqual([
      {
        kind: "charge",
        item: "join_community",
        plan: null,
        userId: w.payer.id,
        communityId: w.communityId,
        communityName: w.communityName,
        periodStart: null,
        periodEnd: null,
        amount: 1000,
        currency: "GEL",
        cardType: "VISA",
        lastFour: "6666",
        refundKey: null,
        refundedBy: null,
        createdAt: T,
      },
    ]);
    expect(await orderRow(id)).toMatchObject({ status: "approved", reversalDueAt: null, updatedAt: T });

    // Asked again (a callback, the payer's page, the job): the order is approved already, nothing more.
    const after = await orderRow(id);
    w.clock.set(T + 5000);
    await settle(deps(), id);
    expect(await orderRow(id)).toEqual(after);
    expect(await memberRow(w.communityId, w.payer.id)).toMatchObject({ joinedAt: T });
    expect(await joinNotices(w.communityId)).toBe(1);
    expect(await receiptsOf(id)).toHaveLength(1);
    expect(sandboxOrders.get(id)!.reversalAmount).toBe(0);
  });

  it("grants once when two settles of the same approval run at the same time", async () => {
    const w = await world();
    const id = await placed(w, { saveCard: true }, { wantsToken: true });
    await Promise.all([settle(deps(), id), settle(deps(), id), settle(deps(), id)]);
    expect(await memberRow(w.communityId, w.payer.id)).toMatchObject({ joinedAt: T });
    expect(await joinNotices(w.communityId)).toBe(1);
    expect(await receiptsOf(id)).toHaveLength(1);
    expect(await cardsOf(w.payer.id)).toHaveLength(1);
    expect((await history(id)).map((h) => h.status)).toEqual(["created", "approved"]);
    expect(sandboxOrders.get(id)!.reversalAmount).toBe(0);
  });

  it("gives nothing back when a stale read finds the approval made already (the batch did not move it)", async () => {
    const w = await world();
    const id = await placed(w);
    const stale = (await orderStatement(db, id))!;
    await settle(deps(), id);
    const after = await orderRow(id);
    const deferred: (() => Promise<unknown>)[] = [];
    const settled = await settle(deps({ defer: (work) => void deferred.push(work) }), id, { order: stale });
    expect(settled!.order).toMatchObject({ status: "approved", reversal_due_at: null });
    expect(await orderRow(id)).toEqual(after);
    expect(sandboxOrders.get(id)!.reversalAmount).toBe(0);
    expect(await receiptsOf(id)).toHaveLength(1);
    expect(await joinNotices(w.communityId)).toBe(1);
    expect(deferred).toEqual([]);
  });

  it("starts a subscribing join's subscription on the card it saves, and the receipt names the period", async () => {
    const w = await world(subscribing);
    const subscriptionId = newId();
    const id = await placed(w, { subscriptionId, saveCard: true }, { wantsToken: true });
    await settle(deps(), id);
    const [card] = await cardsOf(w.payer.id);
    expect(await subscriptionsOf(w.payer.id)).toEqual([
      expect.objectContaining({
        id: subscriptionId,
        status: "active",
        paymentMethodId: card!.id,
        currentPeriodStart: T,
        currentPeriodEnd: MONTH_ON,
        cancelledAt: null,
        lastOrderId: id,
      }),
    ]);
    expect(await memberRow(w.communityId, w.payer.id)).toEqual({
      role: "member",
      joinedAt: T,
      accessUntil: MONTH_ON,
      subscriptionId,
    });
    expect(await orderRow(id)).toMatchObject({ paymentMethodId: card!.id });
    expect(await receiptsOf(id)).toEqual([expect.objectContaining({ kind: "charge", periodStart: T, periodEnd: MONTH_ON })]);
  });

  it("gives a subscriber the community's own interval: a year for a yearly one", async () => {
    const w = await world({ paymentType: "subscription", subscriptionInterval: "yearly" });
    const subscriptionId = newId();
    const id = await placed(w, { subscriptionId });
    await settle(deps(), id);
    const yearOn = Date.UTC(2031, 0, 31, 9, 15, 0, 123);
    expect(await subscriptionsOf(w.payer.id)).toEqual([
      expect.objectContaining({ id: subscriptionId, interval: "yearly", currentPeriodStart: T, currentPeriodEnd: yearOn }),
    ]);
    expect((await memberRow(w.communityId, w.payer.id))!.accessUntil).toBe(yearOn);
  });

  it("starts it cancelled, to end with its period, when the card was not saved", async () => {
    const w = await world(subscribing);
    const subscriptionId = newId();
    const id = await placed(w, { subscriptionId });
    await settle(deps(), id);
    expect(await subscriptionsOf(w.payer.id)).toEqual([
      expect.objectContaining({ id: subscriptionId, status: "cancelled", cancelledAt: T, paymentMethodId: null }),
    ]);
    expect(await cardsOf(w.payer.id)).toEqual([]);
  });

  it("grants nothing, writes no receipt and saves no card for a declined or expired payment", async () => {
    for (const status of ["declined", "expired"] as const) {
      const w = await world(subscribing);
      const deferred: (() => Promise<unknown>)[] = [];
      const id = await placed(w, { subscriptionId: newId(), saveCard: true }, { status, wantsToken: true });
      const warned = warnings();
      await settle(deps({ defer: (work) => void deferred.push(work) }), id);
      expect(warned()).toEqual([]);
      expect((await orderRow(id)).status).toBe(status);
      expect(await memberRow(w.communityId, w.payer.id)).toBeNull();
      expect(await subscriptionsOf(w.payer.id)).toEqual([]);
      expect(await receiptsOf(id)).toEqual([]);
      expect(await cardsOf(w.payer.id)).toEqual([]);
      expect(await joinNotices(w.communityId)).toBe(0);
      expect(deferred).toEqual([]);
    }
  });
});

describe("an approved join that cannot be granted gives the money back", () => {
  /** Settles an approved join after `meanwhile` changed the world; answers what to check. */
  async function refused(meanwhile: (w: World) => Promise<unknown>, values: CommunityValues = {}) {
    const w = await world(values);
    const id = await placed(w, { subscriptionId: values.paymentType === "subscription" ? newId() : null });
    await meanwhile(w);
    const warned = warnings();
    const settled = await settle(deps(), id);
    return { w, id, settled: settled!, warned: warned() };
  }

  const expectGivenBack = async ({ w, id, settled, warned }: Awaited<ReturnType<typeof refused>>) => {
    expect(settled.order).toMatchObject({ status: "reversed", reversal_due_at: null });
    expect(await orderRow(id)).toMatchObject({ status: "reversed", reversalDueAt: null });
    expect((await history(id)).map((h) => h.status)).toEqual(["created", "approved", "reversed"]);
    expect(sandboxOrders.get(id)).toMatchObject({ status: "reversed", reversalAmount: 1000 });
    expect((await receiptsOf(id)).map((r) => [r.kind, r.amount])).toEqual([
      ["charge", 1000],
      ["refund", 1000],
    ]);
    expect(await subscriptionsOf(w.payer.id)).toEqual([]);
    expect(warned).toEqual([
      { level: "warn", message: "approved order granted nothing; reversing", orderId: id, kind: "join_community" },
    ]);
  };

  it("to someone who can read already (paid through another order): their membership stays as it was", async () => {
    const outcome = await refused((w) =>
      db
        .insert(communityMembers)
        .values({ communityId: w.communityId, profileId: w.payer.id, joinedAt: T - 5000, accessUntil: T + 86_400_000 }),
    );
    await expectGivenBack(outcome);
    expect(await memberRow(outcome.w.communityId, outcome.w.payer.id)).toEqual({
      role: "member",
      joinedAt: T - 5000,
      accessUntil: T + 86_400_000,
      subscriptionId: null,
    });
  });

  it("to a payer banned meanwhile", async () => {
    const outcome = await refused(
      (w) => db.insert(communityBans).values({ communityId: w.communityId, userId: w.payer.id }),
      subscribing,
    );
    await expectGivenBack(outcome);
    expect(await memberRow(outcome.w.communityId, outcome.w.payer.id)).toBeNull();
  });

  it("when the community filled up meanwhile", async () => {
    const outcome = await refused((w) =>
      db
        .update(communities)
        .set({ planLimits: { maxMembers: 1 } })
        .where(eq(communities.id, w.communityId)),
    );
    await expectGivenBack(outcome);
    expect(await memberRow(outcome.w.communityId, outcome.w.payer.id)).toBeNull();
  });

  it("when the community's plan stopped selling memberships meanwhile", async () => {
    const outcome = await refused(
      (w) =>
        db
          .update(communities)
          .set({ subscriptionPlan: "free", planFeatures: [...plans.free.features] })
          .where(eq(communities.id, w.communityId)),
      subscribing,
    );
    await expectGivenBack(outcome);
    expect(await memberRow(outcome.w.communityId, outcome.w.payer.id)).toBeNull();
  });

  it("when the community was archived meanwhile (it takes no new members)", async () => {
    const outcome = await refused(
      (w) => db.update(communities).set({ archived: true }).where(eq(communities.id, w.communityId)),
      subscribing,
    );
    await expectGivenBack(outcome);
    expect(await memberRow(outcome.w.communityId, outcome.w.payer.id)).toBeNull();
  });

  it("when the community was deleted meanwhile (the order no longer names it)", async () => {
    const outcome = await refused((w) => db.delete(communities).where(eq(communities.id, w.communityId)));
    await expectGivenBack(outcome);
    expect((await orderRow(outcome.id)).communityId).toBeNull();
    expect((await receiptsOf(outcome.id)).map((r) => r.communityId)).toEqual([null, null]);
  });

  it("tries the reversal again by the clock when the bank refuses it", async () => {
    const w = await world();
    const id = await placed(w);
    await db.insert(communityMembers).values({ communityId: w.communityId, profileId: w.payer.id, accessUntil: null });
    reversalFaults.set(sandboxOrders.get(id)!.email!, 1);
    const settled = await settle(deps(), id);
    expect(settled!.order).toMatchObject({ status: "approved", reversal_due_at: T + REVERSAL_RETRY_MS });
    expect(await orderRow(id)).toMatchObject({ status: "approved", reversalDueAt: T + REVERSAL_RETRY_MS });
    expect(sandboxOrders.get(id)).toMatchObject({ status: "approved", reversalAmount: 0 });

    w.clock.set(T + REVERSAL_RETRY_MS);
    expect(await reverseOwed(deps(), id)).toMatchObject({ status: "reversed", reversal_due_at: null });
    expect(sandboxOrders.get(id)).toMatchObject({ status: "reversed", reversalAmount: 1000 });
    expect((await receiptsOf(id)).map((r) => [r.kind, r.createdAt])).toEqual([
      ["charge", T],
      ["refund", T + REVERSAL_RETRY_MS],
    ]);
  });

  it("waits ten minutes between reversal attempts", () => {
    expect(REVERSAL_RETRY_MS).toBe(10 * 60 * 1000);
  });

  it("for a creator plan the community is on already, which stays as it was", async () => {
    const w = await world({ subscriptionPlan: "premium", planFeatures: [...plans.premium.features] });
    const id = await placed(w, { userId: w.owner.id, kind: "creator_plan", plan: "premium", subscriptionId: newId() });
    const warned = warnings();
    await settle(deps(), id);
    expect(await orderRow(id)).toMatchObject({ status: "reversed" });
    expect(sandboxOrders.get(id)).toMatchObject({ status: "reversed", reversalAmount: 1000 });
    expect(await subscriptionsOf(w.owner.id)).toEqual([]);
    expect(warned()).toEqual([
      { level: "warn", message: "approved order granted nothing; reversing", orderId: id, kind: "creator_plan" },
    ]);
  });
});

describe("an approval after we gave the order up", () => {
  it("grants nothing, saves no card, and gives the money back at once, with both receipts", async () => {
    const w = await world(subscribing);
    const id = await placed(
      w,
      {
        status: "declined",
        subscriptionId: newId(),
        saveCard: true,
        statusHistory: [
          { status: "created", at: T - 60_000 },
          { status: "declined", at: T - 30_000, note: "not completed in time" },
        ],
      },
      { wantsToken: true },
    );
    const warned = warnings();
    const settled = await settle(deps(), id);
    expect(settled!.order).toMatchObject({ status: "reversed", reversal_due_at: null });
    expect((await history(id)).map((h) => h.status)).toEqual(["created", "declined", "approved", "reversed"]);
    expect(sandboxOrders.get(id)).toMatchObject({ status: "reversed", reversalAmount: 1000 });
    expect(await memberRow(w.communityId, w.payer.id)).toBeNull();
    expect(await subscriptionsOf(w.payer.id)).toEqual([]);
    expect(await cardsOf(w.payer.id)).toEqual([]);
    expect(await joinNotices(w.communityId)).toBe(0);
    expect((await receiptsOf(id)).map((r) => [r.kind, r.amount, r.lastFour])).toEqual([
      ["charge", 1000, "6666"],
      ["refund", 1000, "6666"],
    ]);
    expect(warned()).toEqual([{ level: "warn", message: "order approved after it was given up; reversing", orderId: id }]);
    // Both receipts are mailed: the charge's with the approval, the refund's with the reversal.
    expect((await receiptMails(`user-${w.payer.id}@example.com`)).length).toBe(2);
  });

  /** A subscriber's renewal for the period that ended at `start`, given up, approved late; `sibling`: another order for it. */
  async function lateRenewal(
    sibling: { status: OrderStatus; subscription?: "same" | "other"; period?: "same" | "other" } | null,
    bankValues: BankValues = {},
    provider: PaymentProvider = realProvider(),
  ) {
    const w = await world(subscribing);
    const start = T - 86_400_000;
    const subscriptionId = newId();
    await db.insert(userSubscriptions).values({
      id: subscriptionId,
      userId: w.payer.id,
      communityId: w.communityId,
      amount: 1000,
      currentPeriodStart: start - 30 * 86_400_000,
      currentPeriodEnd: start,
      renewalFailures: 1,
      createdAt: start - 30 * 86_400_000,
      updatedAt: start,
    });
    await db
      .insert(communityMembers)
      .values({ communityId: w.communityId, profileId: w.payer.id, accessUntil: start + 7 * 86_400_000, subscriptionId });
    if (sibling)
      await placed(
        w,
        {
          kind: "renewal",
          status: sibling.status,
          subscriptionId: sibling.subscription === "other" ? newId() : subscriptionId,
          periodStart: sibling.period === "other" ? start + 1 : start,
        },
        null,
      );
    const id = await placed(w, { kind: "renewal", status: "declined", subscriptionId, periodStart: start }, bankValues);
    const before = (await subscriptionsOf(w.payer.id))[0]!;
    const warned = warnings();
    const settled = await settle(deps({ provider }), id);
    return { w, id, settled: settled!, before, warned: warned(), subscriptionId };
  }

  it("takes a renewal's period back while no other order holds it, and gives the money back without moving the period", async () => {
    for (const sibling of [
      null,
      { status: "declined" as const },
      { status: "expired" as const },
      { status: "reversed" as const },
      { status: "approved" as const, subscription: "other" as const },
      { status: "approved" as const, period: "other" as const },
    ]) {
      const { w, id, settled, before, warned } = await lateRenewal(sibling);
      expect(settled.order.status).toBe("reversed");
      expect((await history(id)).map((h) => h.status)).toEqual(["created", "approved", "reversed"]);
      expect(sandboxOrders.get(id)).toMatchObject({ status: "reversed", reversalAmount: 1000 });
      expect((await subscriptionsOf(w.payer.id))[0]).toEqual(before);
      expect(warned).toEqual([{ level: "warn", message: "order approved after it was given up; reversing", orderId: id }]);
    }
  });

  it("leaves a renewal declined whose period another order holds, and gives its money back all the same", async () => {
    for (const status of ["created", "processing", "approved"] as const) {
      const { w, id, settled, before, warned } = await lateRenewal({ status });
      expect(settled.order.status).toBe("declined");
      expect(await orderRow(id)).toMatchObject({ status: "declined", reversalDueAt: null, transitionId: null });
      expect(sandboxOrders.get(id)).toMatchObject({ status: "reversed", reversalAmount: 1000 });
      expect((await subscriptionsOf(w.payer.id))[0]).toEqual(before);
      expect(await receiptsOf(id)).toEqual([]);
      expect(warned).toEqual([
        { level: "warn", message: "order approved after it was given up; reversing", orderId: id },
        { level: "warn", message: "late renewal approval for a period another order holds; reversing", orderId: id },
      ]);
    }
  });

  it("settles no further when the provider says approved with nothing left to give back (no endless settle and reversal)", async () => {
    // The real adapter, counting its status calls (and refusing after 10, so a loop ends here).
    const real = realProvider();
    let calls = 0;
    const counting = Object.assign(Object.create(real) as PaymentProvider, {
      status: (orderId: string) =>
        ++calls > 10 ? Promise.reject(new ProviderError("LOOP", "asked too often")) : real.status(orderId),
    });
    const { id, settled } = await lateRenewal({ status: "approved" }, { reversalAmount: 1000 }, counting);
    expect(settled.order.status).toBe("declined");
    expect(await orderRow(id)).toMatchObject({ status: "declined", transitionId: null });
    // Asked once by the settle, once by the reversal, which finds nothing to send.
    expect(calls).toBe(2);
    expect(sandboxOrders.get(id)).toMatchObject({ status: "approved", reversalAmount: 1000 });
  });
});

describe("saved cards", () => {
  /** An approved join of the payer that asked to keep its card (sandbox card values as given). */
  async function paidWith(w: World, card: BankValues = {}, values: OrderValues = {}) {
    const id = await placed(
      w,
      { saveCard: true, communityId: (await seedCommunity(db, w.owner.id, { isPaid: true })).id, ...values },
      {
        wantsToken: true,
        ...card,
      },
    );
    await settle(deps(), id);
    return id;
  }

  it("keeps the first card as the default, its token sealed, and charges the order to it", async () => {
    const w = await world();
    const id = await paidWith(w);
    const token = (await realProvider().status(id)).rectoken!.token;
    const [card, ...more] = await cardsOf(w.payer.id);
    expect(more).toEqual([]);
    expect(card).toEqual({
      id: expect.any(String),
      userId: w.payer.id,
      provider: "flitt",
      rectoken: expect.stringMatching(/^v1\./),
      rectokenLifetime: CARD_LIFETIME,
      cardType: "VISA",
      maskedCard: "444455XXXXXX6666",
      lastFour: "6666",
      expiryMonth: 12,
      expiryYear: 2039,
      isActive: true,
      isDefault: true,
      createdAt: T,
      updatedAt: T,
    });
    expect(await openToken(env as AppEnv, card!.rectoken)).toBe(token);
    expect((await orderRow(id)).paymentMethodId).toBe(card!.id);
  });

  it("keeps a card once per person: the same card again is the saved one; another card is not the default", async () => {
    const w = await world();
    await paidWith(w);
    const again = await paidWith(w);
    const [first] = await cardsOf(w.payer.id);
    expect(await cardsOf(w.payer.id)).toHaveLength(1);
    expect((await orderRow(again)).paymentMethodId).toBe(first!.id);

    const otherExpiry = await paidWith(w, { expiresAt: Date.UTC(2041, 0, 1) });
    const otherNumber = await paidWith(w, { maskedCard: "444411XXXXXX5555" });
    const cards = await cardsOf(w.payer.id);
    expect(cards.map((c) => [c.maskedCard, c.expiryYear, c.isDefault])).toEqual([
      ["444455XXXXXX6666", 2039, true],
      ["444455XXXXXX6666", 2040, false],
      ["444411XXXXXX5555", 2039, false],
    ]);
    expect((await orderRow(otherExpiry)).paymentMethodId).toBe(cards[1]!.id);
    expect((await orderRow(otherNumber)).paymentMethodId).toBe(cards[2]!.id);
  });

  it("saves a removed card anew, as the default when the default was removed", async () => {
    const w = await world();
    await paidWith(w);
    await db
      .update(userPaymentMethods)
      .set({ isActive: false, isDefault: false })
      .where(eq(userPaymentMethods.userId, w.payer.id));
    await paidWith(w);
    expect((await cardsOf(w.payer.id)).map((c) => [c.isActive, c.isDefault])).toEqual([
      [false, false],
      [true, true],
    ]);

    // A removed default card no longer counts as the default.
    const v = await world();
    await paidWith(v);
    await db.update(userPaymentMethods).set({ isActive: false }).where(eq(userPaymentMethods.userId, v.payer.id));
    await paidWith(v, { maskedCard: "444411XXXXXX5555" });
    expect((await cardsOf(v.payer.id)).map((c) => [c.maskedCard, c.isActive, c.isDefault])).toEqual([
      ["444455XXXXXX6666", false, true],
      ["444411XXXXXX5555", true, true],
    ]);
  });

  it("counts another person's same card for nobody else", async () => {
    const w = await world();
    await paidWith(w);
    const other = await seedUser(db);
    await paidWith(w, {}, { userId: other.id });
    expect((await cardsOf(other.id)).map((c) => c.isDefault)).toEqual([true]);
  });

  it("keeps a card whose expiry the token does not tell once too", async () => {
    const w = await world();
    const first = await paidWith(w, { expiresAt: Date.UTC(2040, 0, 1, 12) });
    const second = await paidWith(w, { expiresAt: Date.UTC(2040, 0, 1, 12) });
    const cards = await cardsOf(w.payer.id);
    expect(cards.map((c) => [c.expiryMonth, c.expiryYear, c.rectokenLifetime])).toEqual([[null, null, Date.UTC(2040, 0, 1, 12)]]);
    expect((await orderRow(first)).paymentMethodId).toBe(cards[0]!.id);
    expect((await orderRow(second)).paymentMethodId).toBe(cards[0]!.id);
  });

  it("saves nothing when the payer did not ask, when the provider gave no token or no card, or the payer is gone", async () => {
    const w = await world();
    await paidWith(w, {}, { saveCard: false });
    await paidWith(w, { wantsToken: false });
    expect(await cardsOf(w.payer.id)).toEqual([]);

    // No card in the answer: the token alone is not saved.
    const noCard = await placed(w, { saveCard: true }, { wantsToken: true });
    sandboxOrders.get(noCard)!.maskedCard = null;
    await settle(deps(), noCard);
    expect(await cardsOf(w.payer.id)).toEqual([]);
  });

  it("never moves an order off the card it was charged to", async () => {
    const w = await world();
    const charged = newId();
    await db
      .insert(userPaymentMethods)
      .values({ id: charged, userId: w.payer.id, rectoken: "x", maskedCard: "444411XXXXXX5555", lastFour: "5555" });
    const id = await paidWith(w, {}, { paymentMethodId: charged });
    expect((await orderRow(id)).paymentMethodId).toBe(charged);
    expect(await cardsOf(w.payer.id)).toHaveLength(2);
  });
});

describe("a card check (an order that only saves a card)", () => {
  it("saves the card and gives its charge back at once", async () => {
    const w = await world();
    const id = await placed(w, { kind: "save_card", communityId: null, saveCard: true }, { wantsToken: true });
    const warned = warnings();
    const settled = await settle(deps(), id);
    expect(warned()).toEqual([]);
    expect(settled!.order).toMatchObject({ status: "reversed", reversal_due_at: null });
    expect((await history(id)).map((h) => h.status)).toEqual(["created", "approved", "reversed"]);
    expect(sandboxOrders.get(id)).toMatchObject({ status: "reversed", reversalAmount: 1000 });
    expect((await cardsOf(w.payer.id)).map((c) => c.isDefault)).toEqual([true]);
    expect((await receiptsOf(id)).map((r) => [r.kind, r.item, r.periodStart])).toEqual([
      ["charge", "save_card", null],
      ["refund", "save_card", null],
    ]);
  });

  it("saves no card for a payer whose account is gone since, and gives the charge back all the same", async () => {
    const w = await world();
    const id = await placed(w, { kind: "save_card", communityId: null, saveCard: true, userId: null }, { wantsToken: true });
    const cards = () => db.select({ n: sql<number>`count(*)` }).from(userPaymentMethods);
    const before = await cards();
    expect((await settle(deps(), id))!.order).toMatchObject({ status: "reversed", user_id: null });
    expect(await cards()).toEqual(before);
    expect((await receiptsOf(id)).map((r) => [r.kind, r.userId])).toEqual([
      ["charge", null],
      ["refund", null],
    ]);
  });

  it("owes the reversal from the approval when the bank refuses it", async () => {
    const w = await world();
    const id = await placed(w, { kind: "save_card", communityId: null, saveCard: true }, { wantsToken: true });
    reversalFaults.set(sandboxOrders.get(id)!.email!, 1);
    const settled = await settle(deps(), id);
    expect(settled!.order).toMatchObject({ status: "approved", reversal_due_at: T + REVERSAL_RETRY_MS });
  });
});

describe("other approved orders", () => {
  it("a renewal moves its subscription and the member's access one period on from where it ended", async () => {
    const w = await world(subscribing);
    const start = T - 1000;
    const subscriptionId = await subscriber(w, start);
    const id = await placed(w, { kind: "renewal", subscriptionId, periodStart: start });
    await settle(deps(), id);
    const end = Date.UTC(2030, 1, 28, 9, 14, 59, 123);
    expect((await subscriptionsOf(w.payer.id))[0]).toMatchObject({
      status: "active",
      currentPeriodStart: start,
      currentPeriodEnd: end,
      renewalFailures: 0,
      retryAt: null,
      lastOrderId: id,
      updatedAt: T,
    });
    // The same membership runs on: not joined again, nobody told of a join.
    expect(await memberRow(w.communityId, w.payer.id)).toEqual({
      role: "member",
      joinedAt: start - 31 * 86_400_000,
      accessUntil: end,
      subscriptionId,
    });
    expect(await joinNotices(w.communityId)).toBe(0);
    expect(await receiptsOf(id)).toEqual([expect.objectContaining({ item: "renewal", periodStart: start, periodEnd: end })]);
  });

  it("a declined renewal leaves the subscription and the member's access as they were (the renewal job counts the failure)", async () => {
    for (const status of ["declined", "expired"] as const) {
      const w = await world(subscribing);
      const start = T - 1000;
      const subscriptionId = await subscriber(w, start);
      const id = await placed(w, { kind: "renewal", subscriptionId, periodStart: start }, { status, declineReason: "Declined" });
      const before = { sub: await subscriptionsOf(w.payer.id), member: await memberRow(w.communityId, w.payer.id) };
      const warned = warnings();
      await settle(deps(), id);
      expect((await orderRow(id)).status).toBe(status);
      expect({ sub: await subscriptionsOf(w.payer.id), member: await memberRow(w.communityId, w.payer.id) }).toEqual(before);
      expect(await receiptsOf(id)).toEqual([]);
      expect(warned()).toEqual([]);
    }
  });

  it("a creator plan puts the community on it", async () => {
    const w = await world({ subscriptionPlan: "free", planFeatures: [...plans.free.features] });
    const subscriptionId = newId();
    const id = await placed(w, { userId: w.owner.id, kind: "creator_plan", plan: "starter", subscriptionId });
    await settle(deps(), id);
    expect((await db.select().from(communities).where(eq(communities.id, w.communityId)))[0]).toMatchObject({
      subscriptionPlan: "starter",
      planFeatures: plans.starter.features,
      updatedAt: T,
    });
    expect(await subscriptionsOf(w.owner.id)).toEqual([
      expect.objectContaining({ id: subscriptionId, subscriptionType: "creator_plan", currentPeriodEnd: MONTH_ON }),
    ]);
    expect(await receiptsOf(id)).toEqual([
      expect.objectContaining({ item: "creator_plan", plan: "starter", periodEnd: MONTH_ON }),
    ]);
    expect(sandboxOrders.get(id)!.reversalAmount).toBe(0);
  });
});

describe("a reversal at the provider (a refund)", () => {
  /** A join approved and granted at T, the clock then at T + 1 h. */
  async function granted(values: CommunityValues = {}, orderValues: (w: World) => OrderValues = () => ({})) {
    const w = await world(values);
    const id = await placed(w, { subscriptionId: values.paymentType === "subscription" ? newId() : null, ...orderValues(w) });
    await settle(deps(), id);
    w.clock.set(T + 3_600_000);
    return { w, id };
  }
  const refundAtBank = (id: string, amount = 1000) =>
    Object.assign(sandboxOrders.get(id)!, { status: "reversed", reversalAmount: amount });

  it("ends a one-time membership at once, with a refund receipt of what was left, its key and who gave it", async () => {
    const { w, id } = await granted();
    refundAtBank(id);
    await settle(deps(), id, { refund: { key: "refund-key-1", by: w.owner.id } });
    expect(await orderRow(id)).toMatchObject({ status: "reversed", reversalDueAt: null, updatedAt: T + 3_600_000 });
    expect((await memberRow(w.communityId, w.payer.id))!.accessUntil).toBe(T + 3_600_000);
    expect((await receiptsOf(id)).at(-1)).toEqual({
      kind: "refund",
      item: "join_community",
      plan: null,
      userId: w.payer.id,
      communityId: w.communityId,
      communityName: w.communityName,
      periodStart: null,
      periodEnd: null,
      amount: 1000,
      currency: "GEL",
      cardType: "VISA",
      lastFour: "6666",
      refundKey: "refund-key-1",
      refundedBy: w.owner.id,
      createdAt: T + 3_600_000,
    });
  });

  it("refunds only what earlier partial refunds left, and writes no key or refunder when not given", async () => {
    const { w, id } = await granted();
    await db.insert(receipts).values({
      orderId: id,
      number: sql`(select coalesce(max(number), 0) + 1 from receipts)` as unknown as number,
      userId: w.payer.id,
      kind: "refund",
      item: "join_community",
      amount: 300,
      refundKey: "partial",
    });
    refundAtBank(id);
    await settle(deps(), id);
    expect((await receiptsOf(id)).map((r) => [r.kind, r.amount, r.refundKey, r.refundedBy])).toEqual([
      ["charge", 1000, null, null],
      ["refund", 300, "partial", null],
      ["refund", 700, null, null],
    ]);
  });

  it("expires a subscribing join's subscription and ends its access now", async () => {
    const { w, id } = await granted(subscribing);
    refundAtBank(id);
    await settle(deps(), id);
    expect((await subscriptionsOf(w.payer.id))[0]).toMatchObject({ status: "expired", currentPeriodEnd: T + 3_600_000 });
    expect((await memberRow(w.communityId, w.payer.id))!.accessUntil).toBe(T + 3_600_000);
  });

  it("puts a refunded creator plan's community back on Free, and ends nobody's access", async () => {
    const { w, id } = await granted({ subscriptionPlan: "free", planFeatures: [...plans.free.features] }, (w) => ({
      userId: w.owner.id,
      kind: "creator_plan",
      plan: "starter",
      subscriptionId: newId(),
    }));
    const socket = await tab(w.owner.id);
    refundAtBank(id);
    await settle(deps(), id);
    const community = (await db.select().from(communities).where(eq(communities.id, w.communityId)))[0]!;
    expect(community).toMatchObject({ subscriptionPlan: "free", planFeatures: plans.free.features, updatedAt: T + 3_600_000 });
    // The owner keeps their community: no access of theirs ends.
    expect(await accessEnded(socket, w.owner.id)).toBe(0);
  });

  it("tells the payer's open tabs their access ended, at once, and once", async () => {
    const { w, id } = await granted();
    const stale = (await orderStatement(db, id))!;
    const socket = await tab(w.payer.id);
    refundAtBank(id);
    await settle(deps(), id);
    expect(await accessEnded(socket, w.payer.id, w.communityId)).toBe(1);
    // A settle from a stale read (approved) finds the reversal made: it ends nothing and tells nobody again.
    const receiptsBefore = await receiptsOf(id);
    await settle(deps(), id, { order: stale });
    expect(await accessEnded(socket, w.payer.id, w.communityId)).toBe(1);
    expect(await receiptsOf(id)).toEqual(receiptsBefore);
  });

  it("ends a refunded renewal's access and tells the tabs", async () => {
    const w = await world(subscribing);
    const start = T - 1000;
    const subscriptionId = await subscriber(w, start);
    const id = await placed(w, { kind: "renewal", subscriptionId, periodStart: start });
    await settle(deps(), id);
    w.clock.set(T + 3_600_000);
    const socket = await tab(w.payer.id);
    refundAtBank(id);
    await settle(deps(), id);
    expect((await memberRow(w.communityId, w.payer.id))!.accessUntil).toBe(T + 3_600_000);
    expect((await subscriptionsOf(w.payer.id))[0]).toMatchObject({ status: "expired", currentPeriodEnd: T + 3_600_000 });
    expect(await accessEnded(socket, w.payer.id, w.communityId)).toBe(1);
  });

  it("ends no access for an order whose reversal we owed (it granted nothing), and tells no tab", async () => {
    const w = await world();
    await db
      .insert(communityMembers)
      .values({ communityId: w.communityId, profileId: w.payer.id, joinedAt: T - 5000, accessUntil: null });
    const id = await placed(w, { status: "approved", reversalDueAt: T - 1000 }, { status: "reversed", reversalAmount: 1000 });
    const socket = await tab(w.payer.id);
    await settle(deps(), id);
    expect(await orderRow(id)).toMatchObject({ status: "reversed", reversalDueAt: null });
    expect(await memberRow(w.communityId, w.payer.id)).toMatchObject({ accessUntil: null });
    expect((await receiptsOf(id)).map((r) => [r.kind, r.amount])).toEqual([["refund", 1000]]);
    expect(await accessEnded(socket, w.payer.id)).toBe(0);
  });

  it("tells no tab for a card check's reversal (no community)", async () => {
    const w = await world();
    const id = await placed(
      w,
      { kind: "save_card", communityId: null, status: "approved" },
      { status: "reversed", reversalAmount: 1000 },
    );
    const socket = await tab(w.payer.id);
    await settle(deps(), id);
    expect((await orderRow(id)).status).toBe("reversed");
    expect(await accessEnded(socket, w.payer.id)).toBe(0);
  });
});

describe("giving owed money back (reverseOwed)", () => {
  /** An approved order whose money is owed back since T - 1 s, its provider side as given. */
  async function owed(bankValues: BankValues = {}) {
    const w = await world();
    const id = await placed(w, { status: "approved", reversalDueAt: T - 1000 }, bankValues);
    return { w, id };
  }

  it("asks the provider for all that is left, then settles the order reversed", async () => {
    const { id } = await owed({ reversalAmount: 300 });
    expect(await reverseOwed(deps(), id)).toMatchObject({ status: "reversed", reversal_due_at: null });
    expect(sandboxOrders.get(id)).toMatchObject({ status: "reversed", reversalAmount: 1000 });
    expect((await receiptsOf(id)).map((r) => [r.kind, r.amount])).toEqual([["refund", 1000]]);
  });

  it("sends nothing again for a reversal that went through (its answer lost): it only settles", async () => {
    const { id } = await owed({ status: "reversed", reversalAmount: 1000 });
    expect(await reverseOwed(deps(), id)).toMatchObject({ status: "reversed", reversal_due_at: null });
    expect(sandboxOrders.get(id)).toMatchObject({ status: "reversed", reversalAmount: 1000 });
  });

  it("sends nothing for an order the provider calls reversed, even when its answer names no amount given back", async () => {
    const { id } = await owed({ status: "reversed", reversalAmount: 0 });
    expect(await reverseOwed(deps(), id)).toMatchObject({ status: "reversed", reversal_due_at: null });
    expect(sandboxOrders.get(id)).toMatchObject({ status: "reversed", reversalAmount: 0 });
  });

  it("asks nothing for an approved order with nothing left to give back", async () => {
    const { id } = await owed({ reversalAmount: 1000 });
    const before = await orderRow(id);
    expect(await reverseOwed(deps(), id)).toMatchObject({ status: "approved", reversal_due_at: T - 1000 });
    expect(await orderRow(id)).toEqual(before);
  });

  it("stores the next attempt when the provider refuses or cannot be reached, and answers null", async () => {
    const refused = await owed();
    reversalFaults.set(sandboxOrders.get(refused.id)!.email!, 1);
    const warned = warnings();
    expect(await reverseOwed(deps(), refused.id)).toBeNull();
    expect(await orderRow(refused.id)).toMatchObject({ status: "approved", reversalDueAt: T + REVERSAL_RETRY_MS });
    expect(warned()).toEqual([
      { level: "warn", message: "reversal failed; the reconciliation job retries", orderId: refused.id, reason: "1020" },
    ]);

    const unreachable = await owed();
    const failed = deps({ provider: failing("reverse", new ProviderError("UNREACHABLE", "unreachable")) });
    expect(await reverseOwed(failed, unreachable.id)).toBeNull();
    expect(await orderRow(unreachable.id)).toMatchObject({ status: "approved", reversalDueAt: T + REVERSAL_RETRY_MS });
    expect(sandboxOrders.get(unreachable.id)).toMatchObject({ status: "approved", reversalAmount: 0 });
  });

  it("stores no attempt for an order that owes nothing", async () => {
    const w = await world();
    const id = await placed(w, { status: "approved" }, null);
    expect(await reverseOwed(deps(), id)).toBeNull();
    expect((await orderRow(id)).reversalDueAt).toBeNull();
  });

  it("lets anything but the provider's refusal through", async () => {
    const { id } = await owed();
    await expect(reverseOwed(deps({ provider: failing("reverse", new TypeError("bug")) }), id)).rejects.toThrow("bug");
    expect((await orderRow(id)).reversalDueAt).toBe(T - 1000);
  });
});

describe("receipt mails", () => {
  it("go out after the answer when the caller defers them, linking the receipt on the caller's origin", async () => {
    const w = await world();
    const id = await placed(w);
    const deferred: (() => Promise<unknown>)[] = [];
    await settle(deps({ origin: "https://origin.test", defer: (work) => void deferred.push(work) }), id);
    const email = `user-${w.payer.id}@example.com`;
    expect(deferred).toHaveLength(1);
    expect(await receiptMails(email)).toEqual([]);
    await deferred[0]!();
    const [receipt] = await db.select({ id: receipts.id }).from(receipts).where(eq(receipts.orderId, id));
    const mails = await receiptMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`https://origin.test/billing?receipt=${receipt!.id}`);
  });

  it("go out at once without a caller to defer them, linking the app's own address", async () => {
    const w = await world();
    const id = await placed(w);
    await settle(deps(), id);
    const [receipt] = await db.select({ id: receipts.id }).from(receipts).where(eq(receipts.orderId, id));
    const mails = await receiptMails(`user-${w.payer.id}@example.com`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${(env as AppEnv).APP_URL}/billing?receipt=${receipt!.id}`);
  });

  it("go out for both receipts of a payment given back, and never again for a replay", async () => {
    const w = await world();
    const id = await placed(w);
    await db.insert(communityMembers).values({ communityId: w.communityId, profileId: w.payer.id, accessUntil: null });
    await settle(deps(), id);
    const email = `user-${w.payer.id}@example.com`;
    expect(await receiptMails(email)).toHaveLength(2);
    const deferred: (() => Promise<unknown>)[] = [];
    await settle(deps({ defer: (work) => void deferred.push(work) }), id);
    expect(deferred).toEqual([]);
    expect(await receiptMails(email)).toHaveLength(2);
  });
});
