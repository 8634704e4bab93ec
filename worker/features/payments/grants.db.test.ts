import { and, eq, sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { plans, type PlanId, type SubscriptionInterval } from "../../../common/catalog";
import { newId } from "../../../common/ids";
import { seedCommunity, seedUser } from "../../../tests/db-fixtures";
import { openTestDb, testEngine } from "../../../tests/test-db";
import { plan, type Step } from "../../lib/commit";
import { batch, type Db } from "../../lib/db";
import {
  communities,
  communityBans,
  communityMembers,
  membershipRequests,
  notifications,
  paymentOrders,
  userPaymentMethods,
  userSubscriptions,
} from "../../lib/tables";
import { addMonths, backToFree, endAccess, grantJoin, grantPlan, grantRenewal, periodEnd, type Community } from "./grants";
import { orderStatement, type OrderRow } from "./orders";

// Every statement of grants.ts run straight against the database, without the settle around it: the
// mutation run of the payments group (stryker/groups.mjs) needs these to be fast, and exact in the rows
// they assert. `now` is passed in as the settle passes it (its stopped clock); `mine` is the batch's
// own-transition guard, true or false here as the settle's `exists (...)` would answer it.
let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});

const mine = sql`1 = 1`;
const notMine = sql`1 = 0`;

/** 2026-01-31 10:20:30.456 UTC: a month end, so every period below is clamped somewhere. */
const NOW = Date.UTC(2026, 0, 31, 10, 20, 30, 456);
const utc = (y: number, m: number, d: number, h = 10, min = 20, s = 30, ms = 456) => Date.UTC(y, m - 1, d, h, min, s, ms);

type CommunityValues = Partial<typeof communities.$inferInsert>;

/** A paid community (Starter: it sells memberships) of a fresh owner, and a payer. */
async function world(values: CommunityValues = {}) {
  const owner = await seedUser(db);
  const payer = await seedUser(db);
  const community = await seedCommunity(db, owner.id, { isPaid: true, price: 1000, paymentType: "single", ...values });
  return { owner, payer, communityId: community.id };
}

/** A subscription-selling community of `interval`. */
const subscribingWorld = (interval: SubscriptionInterval | null = "monthly", values: CommunityValues = {}) =>
  world({ paymentType: "subscription", subscriptionInterval: interval, ...values });

const communityOf = (w: { owner: { id: string } }, values: Partial<Community> = {}): Community => ({
  paymentType: "single",
  interval: null,
  creatorId: w.owner.id,
  ...values,
});

type OrderValues = Partial<typeof paymentOrders.$inferInsert>;

/** A payment_orders row, read back as settle reads it. */
async function order(values: OrderValues & { userId: string; communityId: string | null }): Promise<OrderRow> {
  const id = newId();
  await db.insert(paymentOrders).values({ id, kind: "join_community", amount: 1000, status: "approved", ...values });
  return (await orderStatement(db, id))!;
}

async function savedCard(userId: string): Promise<string> {
  const id = newId();
  await db
    .insert(userPaymentMethods)
    .values({ id, userId, rectoken: "sealed", maskedCard: "444455XXXXXX6666", lastFour: "6666" });
  return id;
}

async function member(
  communityId: string,
  profileId: string,
  values: Partial<typeof communityMembers.$inferInsert> = {},
): Promise<void> {
  await db.insert(communityMembers).values({ communityId, profileId, role: "member", joinedAt: NOW - 86_400_000, ...values });
}

async function subscription(values: Partial<typeof userSubscriptions.$inferInsert> & { userId: string; communityId: string }) {
  const id = values.id ?? newId();
  await db.insert(userSubscriptions).values({
    id,
    amount: 1000,
    currentPeriodStart: NOW - 10 * 86_400_000,
    currentPeriodEnd: NOW + 20 * 86_400_000,
    createdAt: NOW - 10 * 86_400_000,
    updatedAt: NOW - 10 * 86_400_000,
    ...values,
  });
  return id;
}

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

const subscriptionRow = async (id: string) =>
  (await db.select().from(userSubscriptions).where(eq(userSubscriptions.id, id)))[0] ?? null;

const subscriptionsOf = (userId: string) => db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId));

const communityRow = async (id: string) =>
  (
    await db
      .select({
        subscriptionPlan: communities.subscriptionPlan,
        planFeatures: communities.planFeatures,
        planLimits: communities.planLimits,
        membersCount: communities.membersCount,
        updatedAt: communities.updatedAt,
      })
      .from(communities)
      .where(eq(communities.id, id))
  )[0]!;

const setCommunity = (id: string, values: CommunityValues) => db.update(communities).set(values).where(eq(communities.id, id));

/** The COMMUNITY_JOIN notifications of the community: whom they told, about whom. */
const joinNotices = async (communityId: string) =>
  db
    .select({ recipientId: notifications.recipientId, senderId: notifications.senderId, type: notifications.type })
    .from(notifications)
    .where(and(eq(notifications.communityId, communityId), eq(notifications.type, "COMMUNITY_JOIN")));

/** Runs a grant's steps (statements and effects) as the settle's commit does, in one batch. */
async function run(steps: Step[]) {
  return batch(db, plan(db, { steps }).statements);
}

/** grantJoin run in its own batch: answers how many rows its member statement changed (`granted`). */
async function join(o: OrderRow, community: Community, guard: SQL = mine, now = NOW): Promise<number> {
  const { steps, granted } = grantJoin(db, o, community, guard, now);
  const read = await run(steps);
  return read(granted)!.n;
}

describe("addMonths and periodEnd", () => {
  it("adds whole months keeping the day and the time of day to the millisecond", () => {
    const at = utc(2026, 3, 15, 13, 14, 15, 678);
    expect(addMonths(at, 0)).toBe(at);
    expect(addMonths(at, 1)).toBe(utc(2026, 4, 15, 13, 14, 15, 678));
    expect(addMonths(at, 3)).toBe(utc(2026, 6, 15, 13, 14, 15, 678));
    expect(addMonths(at, 6)).toBe(utc(2026, 9, 15, 13, 14, 15, 678));
    expect(addMonths(at, 12)).toBe(utc(2027, 3, 15, 13, 14, 15, 678));
  });

  it("ends on the last day of a shorter month, never in the month after", () => {
    expect(addMonths(utc(2026, 1, 31), 1)).toBe(utc(2026, 2, 28));
    expect(addMonths(utc(2026, 1, 30), 1)).toBe(utc(2026, 2, 28));
    expect(addMonths(utc(2026, 1, 28), 1)).toBe(utc(2026, 2, 28));
    expect(addMonths(utc(2026, 3, 31), 1)).toBe(utc(2026, 4, 30));
    expect(addMonths(utc(2026, 8, 31), 1)).toBe(utc(2026, 9, 30));
    expect(addMonths(utc(2026, 5, 31), 3)).toBe(utc(2026, 8, 31));
    expect(addMonths(utc(2026, 8, 31), 6)).toBe(utc(2027, 2, 28));
    // A short month does not shorten the months after it: the day is the start's, not the last end's.
    expect(addMonths(utc(2026, 1, 31), 2)).toBe(utc(2026, 3, 31));
    // The first of a month stays the first.
    expect(addMonths(utc(2026, 3, 1, 0, 0, 0, 0), 1)).toBe(utc(2026, 4, 1, 0, 0, 0, 0));
  });

  it("crosses year ends and counts leap days", () => {
    expect(addMonths(utc(2026, 12, 15), 1)).toBe(utc(2027, 1, 15));
    expect(addMonths(utc(2026, 12, 31), 2)).toBe(utc(2027, 2, 28));
    expect(addMonths(utc(2026, 11, 30), 3)).toBe(utc(2027, 2, 28));
    expect(addMonths(utc(2024, 1, 31), 1)).toBe(utc(2024, 2, 29));
    expect(addMonths(utc(2023, 12, 31), 2)).toBe(utc(2024, 2, 29));
    expect(addMonths(utc(2024, 2, 29), 12)).toBe(utc(2025, 2, 28));
    expect(addMonths(utc(2024, 2, 29), 48)).toBe(utc(2028, 2, 29));
    expect(addMonths(utc(2023, 2, 28), 12)).toBe(utc(2024, 2, 28));
  });

  it("ends a period one, three, six or twelve months on, by the interval", () => {
    expect(periodEnd(NOW, "monthly")).toBe(utc(2026, 2, 28));
    expect(periodEnd(NOW, "quarterly")).toBe(utc(2026, 4, 30));
    expect(periodEnd(NOW, "semi_annually")).toBe(utc(2026, 7, 31));
    expect(periodEnd(NOW, "yearly")).toBe(utc(2027, 1, 31));
  });
});

describe(`an approved join's membership (grantJoin) on ${testEngine()}`, () => {
  it("lets a new payer of a one-time price in for good, recounts the members and tells the owner", async () => {
    const w = await world();
    await setCommunity(w.communityId, { membersCount: 7 });
    const o = await order({ userId: w.payer.id, communityId: w.communityId });
    expect(await join(o, communityOf(w))).toBe(1);
    expect(await memberRow(w.communityId, w.payer.id)).toEqual({
      role: "member",
      joinedAt: NOW,
      accessUntil: null,
      subscriptionId: null,
    });
    // The owner and the payer: counted from the rows, not added to the stale 7.
    expect((await communityRow(w.communityId)).membersCount).toBe(2);
    expect(await subscriptionsOf(w.payer.id)).toEqual([]);
    expect(await joinNotices(w.communityId)).toEqual([{ recipientId: w.owner.id, senderId: w.payer.id, type: "COMMUNITY_JOIN" }]);
  });

  it("starts a subscribing join's subscription on the card it was paid with, its period to the millisecond", async () => {
    const w = await subscribingWorld();
    const card = await savedCard(w.payer.id);
    const subscriptionId = newId();
    const o = await order({
      userId: w.payer.id,
      communityId: w.communityId,
      subscriptionId,
      paymentMethodId: card,
      amount: 2500,
    });
    expect(await join(o, communityOf(w, { paymentType: "subscription", interval: "monthly" }))).toBe(1);
    expect(await subscriptionRow(subscriptionId)).toEqual({
      id: subscriptionId,
      userId: w.payer.id,
      communityId: w.communityId,
      subscriptionType: "community",
      status: "active",
      amount: 2500,
      currency: "GEL",
      interval: "monthly",
      paymentMethodId: card,
      lastOrderId: o.id,
      currentPeriodStart: NOW,
      currentPeriodEnd: utc(2026, 2, 28),
      cancelledAt: null,
      renewalFailures: 0,
      retryAt: null,
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(await memberRow(w.communityId, w.payer.id)).toEqual({
      role: "member",
      joinedAt: NOW,
      accessUntil: utc(2026, 2, 28),
      subscriptionId,
    });
    expect(await joinNotices(w.communityId)).toEqual([{ recipientId: w.owner.id, senderId: w.payer.id, type: "COMMUNITY_JOIN" }]);
  });

  it("starts it cancelled at once, to end with the period paid, when the card was not saved", async () => {
    const w = await subscribingWorld();
    const subscriptionId = newId();
    const o = await order({ userId: w.payer.id, communityId: w.communityId, subscriptionId });
    expect(await join(o, communityOf(w, { paymentType: "subscription", interval: "monthly" }))).toBe(1);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({
      status: "cancelled",
      cancelledAt: NOW,
      paymentMethodId: null,
      currentPeriodEnd: utc(2026, 2, 28),
    });
    expect((await memberRow(w.communityId, w.payer.id))!.accessUntil).toBe(utc(2026, 2, 28));
  });

  const intervals: [SubscriptionInterval | null, number, SubscriptionInterval][] = [
    ["monthly", utc(2024, 3, 29), "monthly"],
    ["quarterly", utc(2024, 5, 29), "quarterly"],
    ["semi_annually", utc(2024, 8, 29), "semi_annually"],
    ["yearly", utc(2025, 2, 28), "yearly"],
    // A community that lost its interval bills monthly.
    [null, utc(2024, 3, 29), "monthly"],
  ];
  for (const [interval, end, stored] of intervals) {
    it(`gives a ${interval ?? "interval-less"} community's subscriber a period to ${new Date(end).toISOString()} from a leap day`, async () => {
      const now = utc(2024, 2, 29);
      const w = await subscribingWorld(interval);
      const subscriptionId = newId();
      const o = await order({ userId: w.payer.id, communityId: w.communityId, subscriptionId });
      expect(await join(o, communityOf(w, { paymentType: "subscription", interval }), mine, now)).toBe(1);
      expect(await subscriptionRow(subscriptionId)).toMatchObject({
        interval: stored,
        currentPeriodStart: now,
        currentPeriodEnd: end,
      });
      expect((await memberRow(w.communityId, w.payer.id))!.accessUntil).toBe(end);
    });
  }

  it("takes an order without a subscription as a one-time payment in a subscription community, and the reverse", async () => {
    const a = await subscribingWorld();
    const first = await order({ userId: a.payer.id, communityId: a.communityId });
    expect(await join(first, communityOf(a, { paymentType: "subscription", interval: "monthly" }))).toBe(1);
    expect(await memberRow(a.communityId, a.payer.id)).toMatchObject({ accessUntil: null, subscriptionId: null });
    expect(await subscriptionsOf(a.payer.id)).toEqual([]);

    // A one-time community (or one whose payment type is gone) starts no subscription for an order that names one.
    for (const paymentType of ["single", null] as const) {
      const b = await world();
      const second = await order({ userId: b.payer.id, communityId: b.communityId, subscriptionId: newId() });
      expect(await join(second, communityOf(b, { paymentType, interval: "monthly" }))).toBe(1);
      expect(await memberRow(b.communityId, b.payer.id)).toMatchObject({
        joinedAt: NOW,
        accessUntil: null,
        subscriptionId: null,
      });
      expect(await subscriptionsOf(b.payer.id)).toEqual([]);
      expect(await joinNotices(b.communityId)).toHaveLength(1);
    }
  });

  it("lets a member whose period ended back in on their row: joined again, the new period and subscription", async () => {
    for (const ended of [NOW - 1, NOW]) {
      const w = await subscribingWorld();
      const old = await subscription({
        userId: w.payer.id,
        communityId: w.communityId,
        status: "expired",
        currentPeriodEnd: ended,
      });
      await member(w.communityId, w.payer.id, { accessUntil: ended, subscriptionId: old });
      const subscriptionId = newId();
      const o = await order({ userId: w.payer.id, communityId: w.communityId, subscriptionId });
      expect(await join(o, communityOf(w, { paymentType: "subscription", interval: "monthly" }))).toBe(1);
      expect(await memberRow(w.communityId, w.payer.id)).toEqual({
        role: "member",
        joinedAt: NOW,
        accessUntil: utc(2026, 2, 28),
        subscriptionId,
      });
      expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: "cancelled", currentPeriodStart: NOW });
      expect((await communityRow(w.communityId)).membersCount).toBe(2);
      expect(await joinNotices(w.communityId)).toHaveLength(1);
    }
  });

  it("gives nothing to someone who can read already: paid for good, a period not over, a role above member", async () => {
    const states: Partial<typeof communityMembers.$inferInsert>[] = [
      { accessUntil: null },
      { accessUntil: NOW + 1 },
      { role: "moderator", accessUntil: NOW - 1 },
      { role: "admin", accessUntil: NOW - 1 },
    ];
    for (const state of states) {
      const w = await subscribingWorld();
      await member(w.communityId, w.payer.id, { subscriptionId: "earlier", ...state });
      const before = await memberRow(w.communityId, w.payer.id);
      const subscriptionId = newId();
      const o = await order({ userId: w.payer.id, communityId: w.communityId, subscriptionId });
      expect(await join(o, communityOf(w, { paymentType: "subscription", interval: "monthly" }))).toBe(0);
      expect(await memberRow(w.communityId, w.payer.id)).toEqual(before);
      expect(await subscriptionsOf(w.payer.id)).toEqual([]);
      expect(await joinNotices(w.communityId)).toEqual([]);
    }
  });

  it("lets in a payer whose request is still pending (paying is what admits them)", async () => {
    const w = await world();
    await db.insert(membershipRequests).values({ communityId: w.communityId, userId: w.payer.id });
    const o = await order({ userId: w.payer.id, communityId: w.communityId });
    expect(await join(o, communityOf(w))).toBe(1);
    expect((await memberRow(w.communityId, w.payer.id))!.joinedAt).toBe(NOW);
  });

  it("refuses a payer banned after paying, an archived community, and one whose plan no longer sells memberships", async () => {
    const banned = await subscribingWorld();
    await db.insert(communityBans).values({ communityId: banned.communityId, userId: banned.payer.id });
    const archived = await subscribingWorld("monthly", { archived: true });
    const free = await subscribingWorld("monthly", {
      subscriptionPlan: "free",
      planFeatures: [...plans.free.features],
      planLimits: { maxMembers: null },
    });
    for (const w of [banned, archived, free]) {
      await setCommunity(w.communityId, { membersCount: 9 });
      const o = await order({ userId: w.payer.id, communityId: w.communityId, subscriptionId: newId() });
      expect(await join(o, communityOf(w, { paymentType: "subscription", interval: "monthly" }))).toBe(0);
      expect(await memberRow(w.communityId, w.payer.id)).toBeNull();
      expect(await subscriptionsOf(w.payer.id)).toEqual([]);
      expect(await joinNotices(w.communityId)).toEqual([]);
      // The recount runs with the batch all the same: one row, the owner's.
      expect((await communityRow(w.communityId)).membersCount).toBe(1);
    }
  });

  it("lets a new member in below the member limit only; a returning member's row is counted already; no limit takes anyone", async () => {
    const limited = async (maxMembers: number | null) => {
      const w = await subscribingWorld("monthly", { planLimits: { maxMembers } });
      const other = await seedUser(db);
      await member(w.communityId, other.id, { accessUntil: null });
      return w;
    };
    const grant = async (w: Awaited<ReturnType<typeof limited>>) =>
      join(
        await order({ userId: w.payer.id, communityId: w.communityId, subscriptionId: newId() }),
        communityOf(w, { paymentType: "subscription", interval: "monthly" }),
      );

    // Two rows (the owner and another member) of two: full.
    const full = await limited(2);
    expect(await grant(full)).toBe(0);
    expect(await memberRow(full.communityId, full.payer.id)).toBeNull();
    expect(await subscriptionsOf(full.payer.id)).toEqual([]);

    const roomForOne = await limited(3);
    expect(await grant(roomForOne)).toBe(1);
    expect((await communityRow(roomForOne.communityId)).membersCount).toBe(3);

    const returning = await limited(3);
    await member(returning.communityId, returning.payer.id, { accessUntil: NOW - 1 });
    expect(await grant(returning)).toBe(1);
    expect((await memberRow(returning.communityId, returning.payer.id))!.joinedAt).toBe(NOW);

    const unlimited = await limited(null);
    expect(await grant(unlimited)).toBe(1);
  });

  it("changes nothing when run again for the same order later (the member reads already, the subscription exists)", async () => {
    const w = await subscribingWorld();
    const card = await savedCard(w.payer.id);
    const subscriptionId = newId();
    const o = await order({ userId: w.payer.id, communityId: w.communityId, subscriptionId, paymentMethodId: card });
    const community = communityOf(w, { paymentType: "subscription", interval: "monthly" });
    expect(await join(o, community)).toBe(1);
    const granted = { member: await memberRow(w.communityId, w.payer.id), subscription: await subscriptionRow(subscriptionId) };
    expect(await join(o, community, mine, NOW + 1000)).toBe(0);
    expect({ member: await memberRow(w.communityId, w.payer.id), subscription: await subscriptionRow(subscriptionId) }).toEqual(
      granted,
    );
    expect(await joinNotices(w.communityId)).toHaveLength(1);
  });

  it("writes nothing at all when the batch did not move the order (`mine` false): no member, subscription, recount or notice", async () => {
    const w = await subscribingWorld();
    await setCommunity(w.communityId, { membersCount: 5 });
    const o = await order({
      userId: w.payer.id,
      communityId: w.communityId,
      subscriptionId: newId(),
      paymentMethodId: await savedCard(w.payer.id),
    });
    expect(await join(o, communityOf(w, { paymentType: "subscription", interval: "monthly" }), notMine)).toBe(0);
    expect(await memberRow(w.communityId, w.payer.id)).toBeNull();
    expect(await subscriptionsOf(w.payer.id)).toEqual([]);
    expect((await communityRow(w.communityId)).membersCount).toBe(5);
    expect(await joinNotices(w.communityId)).toEqual([]);
  });

  it("tells nobody when the community has no owner any more, and never the payer of their own join", async () => {
    const w = await world();
    const o = await order({ userId: w.payer.id, communityId: w.communityId });
    expect(await join(o, communityOf(w, { creatorId: null }))).toBe(1);
    expect(await joinNotices(w.communityId)).toEqual([]);

    const own = await world();
    const mineToo = await order({ userId: own.payer.id, communityId: own.communityId });
    expect(await join(mineToo, communityOf(own, { creatorId: own.payer.id }))).toBe(1);
    expect(await joinNotices(own.communityId)).toEqual([]);
  });
});

describe(`a refund's end of access (endAccess) on ${testEngine()}`, () => {
  const end = async (o: OrderRow, guard: SQL = mine, now = NOW) => {
    const statements = endAccess(db, o, guard, now);
    await run(statements);
    return statements.length;
  };

  it("has nothing to end for an order without its community or its payer (deleted since)", async () => {
    const w = await world();
    const noCommunity = await order({ userId: w.payer.id, communityId: null, subscriptionId: newId() });
    const noPayer = await order({ userId: w.payer.id, communityId: w.communityId, subscriptionId: newId() });
    expect(endAccess(db, noCommunity, mine, NOW)).toEqual([]);
    expect(endAccess(db, { ...noPayer, user_id: null }, mine, NOW)).toEqual([]);
  });

  it("ends a one-time membership now, and nobody else's", async () => {
    const w = await world();
    const other = await seedUser(db);
    await member(w.communityId, w.payer.id, { accessUntil: null });
    await member(w.communityId, other.id, { accessUntil: null });
    const elsewhere = await seedCommunity(db, w.owner.id, { isPaid: true });
    await member(elsewhere.id, w.payer.id, { accessUntil: null });
    const o = await order({ userId: w.payer.id, communityId: w.communityId });
    expect(await end(o)).toBe(1);
    expect((await memberRow(w.communityId, w.payer.id))!.accessUntil).toBe(NOW);
    expect((await memberRow(w.communityId, other.id))!.accessUntil).toBeNull();
    expect((await memberRow(elsewhere.id, w.payer.id))!.accessUntil).toBeNull();
    expect((await memberRow(w.communityId, w.owner.id))!.accessUntil).toBeNull();
  });

  it("expires a subscribing join's subscription and ends its access now", async () => {
    const w = await subscribingWorld();
    const id = await subscription({ userId: w.payer.id, communityId: w.communityId });
    await member(w.communityId, w.payer.id, { accessUntil: NOW + 20 * 86_400_000, subscriptionId: id });
    const o = await order({ userId: w.payer.id, communityId: w.communityId, subscriptionId: id });
    expect(await end(o)).toBe(2);
    expect(await subscriptionRow(id)).toMatchObject({ status: "expired", currentPeriodEnd: NOW, updatedAt: NOW });
    expect((await memberRow(w.communityId, w.payer.id))!.accessUntil).toBe(NOW);
  });

  it("keeps the end of a period already over, and ends a renewal's membership as a join's", async () => {
    const w = await subscribingWorld();
    const id = await subscription({ userId: w.payer.id, communityId: w.communityId, currentPeriodEnd: NOW - 5000 });
    await member(w.communityId, w.payer.id, { accessUntil: NOW + 86_400_000, subscriptionId: id });
    const o = await order({
      userId: w.payer.id,
      communityId: w.communityId,
      subscriptionId: id,
      kind: "renewal",
      periodStart: NOW - 5000,
    });
    expect(await end(o)).toBe(2);
    expect(await subscriptionRow(id)).toMatchObject({ status: "expired", currentPeriodEnd: NOW - 5000, updatedAt: NOW });
    expect((await memberRow(w.communityId, w.payer.id))!.accessUntil).toBe(NOW);
  });

  it("leaves a membership that runs on another subscription, or on none when the order had one, and a role above member", async () => {
    const w = await subscribingWorld();
    const refunded = await subscription({ userId: w.payer.id, communityId: w.communityId });
    await member(w.communityId, w.payer.id, { accessUntil: NOW + 86_400_000, subscriptionId: "a-later-one" });
    await end(await order({ userId: w.payer.id, communityId: w.communityId, subscriptionId: refunded }));
    expect((await memberRow(w.communityId, w.payer.id))!.accessUntil).toBe(NOW + 86_400_000);
    expect((await subscriptionRow(refunded))!.status).toBe("expired");

    // A one-time payment's refund leaves a membership that now runs on a subscription.
    const v = await subscribingWorld();
    await member(v.communityId, v.payer.id, { accessUntil: NOW + 86_400_000, subscriptionId: "a-later-one" });
    await end(await order({ userId: v.payer.id, communityId: v.communityId }));
    expect((await memberRow(v.communityId, v.payer.id))!.accessUntil).toBe(NOW + 86_400_000);

    // A subscription's refund leaves a one-time member (no subscription) alone.
    const u = await subscribingWorld();
    await member(u.communityId, u.payer.id, { accessUntil: null });
    await end(await order({ userId: u.payer.id, communityId: u.communityId, subscriptionId: newId() }));
    expect((await memberRow(u.communityId, u.payer.id))!.accessUntil).toBeNull();

    // Promoted since paying: a moderator keeps reading.
    const t = await subscribingWorld();
    const sub = await subscription({ userId: t.payer.id, communityId: t.communityId });
    await member(t.communityId, t.payer.id, { role: "moderator", accessUntil: NOW + 86_400_000, subscriptionId: sub });
    await end(await order({ userId: t.payer.id, communityId: t.communityId, subscriptionId: sub }));
    expect((await memberRow(t.communityId, t.payer.id))!.accessUntil).toBe(NOW + 86_400_000);
  });

  it("puts a refunded creator plan's community back on Free and expires the plan, members untouched", async () => {
    const w = await world({
      subscriptionPlan: "premium",
      planFeatures: [...plans.premium.features],
      planLimits: { maxMembers: 10000 },
    });
    await member(w.communityId, w.payer.id, { accessUntil: null });
    const id = await subscription({ userId: w.owner.id, communityId: w.communityId, subscriptionType: "creator_plan" });
    const o = await order({
      userId: w.owner.id,
      communityId: w.communityId,
      subscriptionId: id,
      kind: "creator_plan",
      plan: "premium",
    });
    expect(await end(o)).toBe(2);
    expect(await communityRow(w.communityId)).toMatchObject({
      subscriptionPlan: "free",
      planFeatures: plans.free.features,
      planLimits: { maxMembers: plans.free.maxMembers },
      updatedAt: NOW,
    });
    expect(await subscriptionRow(id)).toMatchObject({ status: "expired", currentPeriodEnd: NOW });
    expect((await memberRow(w.communityId, w.owner.id))!.accessUntil).toBeNull();
    expect((await memberRow(w.communityId, w.payer.id))!.accessUntil).toBeNull();
  });

  it("has no access to end for a card check, and a creator plan without its subscription ends no plan", async () => {
    const w = await world({ subscriptionPlan: "premium", planFeatures: [...plans.premium.features] });
    await member(w.communityId, w.payer.id, { accessUntil: null });
    expect(endAccess(db, await order({ userId: w.payer.id, communityId: w.communityId, kind: "save_card" }), mine, NOW)).toEqual(
      [],
    );
    const plan = await order({ userId: w.owner.id, communityId: w.communityId, kind: "creator_plan", plan: "premium" });
    expect(endAccess(db, plan, mine, NOW)).toEqual([]);
    expect((await communityRow(w.communityId)).subscriptionPlan).toBe("premium");
  });

  it("ends nothing when the batch did not move the order", async () => {
    const w = await world({ subscriptionPlan: "premium", planFeatures: [...plans.premium.features] });
    const planId = await subscription({ userId: w.owner.id, communityId: w.communityId, subscriptionType: "creator_plan" });
    const joinId = await subscription({ userId: w.payer.id, communityId: w.communityId });
    await member(w.communityId, w.payer.id, { accessUntil: NOW + 86_400_000, subscriptionId: joinId });
    const before = {
      community: await communityRow(w.communityId),
      plan: await subscriptionRow(planId),
      join: await subscriptionRow(joinId),
      member: await memberRow(w.communityId, w.payer.id),
    };
    await end(
      await order({
        userId: w.owner.id,
        communityId: w.communityId,
        subscriptionId: planId,
        kind: "creator_plan",
        plan: "premium",
      }),
      notMine,
    );
    await end(await order({ userId: w.payer.id, communityId: w.communityId, subscriptionId: joinId }), notMine);
    expect({
      community: await communityRow(w.communityId),
      plan: await subscriptionRow(planId),
      join: await subscriptionRow(joinId),
      member: await memberRow(w.communityId, w.payer.id),
    }).toEqual(before);
  });
});

describe(`a paid renewal (grantRenewal) on ${testEngine()}`, () => {
  /** A subscriber whose period ended at `start`, after two failed tries, and their renewal order. */
  async function due(interval: SubscriptionInterval, start = NOW - 1000) {
    const w = await subscribingWorld(interval);
    const id = await subscription({
      userId: w.payer.id,
      communityId: w.communityId,
      interval,
      currentPeriodEnd: start,
      renewalFailures: 2,
      retryAt: start + 3 * 86_400_000,
    });
    await member(w.communityId, w.payer.id, { accessUntil: start + 7 * 86_400_000, subscriptionId: id });
    const o = await order({
      userId: w.payer.id,
      communityId: w.communityId,
      subscriptionId: id,
      kind: "renewal",
      periodStart: start,
    });
    return { ...w, id, o };
  }

  const renew = async (o: OrderRow, guard: SQL = mine) => {
    const statements = grantRenewal(db, o, guard, NOW);
    await run(statements);
    return statements.length;
  };

  const ends: [SubscriptionInterval, number][] = [
    ["monthly", utc(2026, 2, 28)],
    ["quarterly", utc(2026, 4, 30)],
    ["semi_annually", utc(2026, 7, 31)],
    ["yearly", utc(2027, 1, 31)],
  ];
  for (const [interval, end] of ends) {
    it(`moves a ${interval} subscription one period on from where it ended, and its member's access with it`, async () => {
      const start = NOW;
      const { id, o, communityId, payer } = await due(interval, start);
      expect(await renew(o)).toBe(2);
      expect(await subscriptionRow(id)).toMatchObject({
        status: "active",
        interval,
        currentPeriodStart: start,
        currentPeriodEnd: end,
        renewalFailures: 0,
        retryAt: null,
        lastOrderId: o.id,
        updatedAt: NOW,
      });
      expect((await memberRow(communityId, payer.id))!.accessUntil).toBe(end);
    });
  }

  it("moves nothing when the period has moved on already (a replay) or the batch did not move the order", async () => {
    const replay = await due("monthly");
    await db
      .update(userSubscriptions)
      .set({ currentPeriodEnd: NOW - 999 })
      .where(eq(userSubscriptions.id, replay.id));
    const before = await subscriptionRow(replay.id);
    await renew(replay.o);
    expect(await subscriptionRow(replay.id)).toEqual(before);
    // The member's access is the subscription's end as it stands.
    expect((await memberRow(replay.communityId, replay.payer.id))!.accessUntil).toBe(NOW - 999);

    const other = await due("monthly");
    const untouched = { sub: await subscriptionRow(other.id), member: await memberRow(other.communityId, other.payer.id) };
    await renew(other.o, notMine);
    expect({ sub: await subscriptionRow(other.id), member: await memberRow(other.communityId, other.payer.id) }).toEqual(
      untouched,
    );
  });

  it("moves only the order's subscription and the member on it", async () => {
    const a = await due("monthly", NOW);
    const b = await due("monthly", NOW);
    const bBefore = { sub: await subscriptionRow(b.id), member: await memberRow(b.communityId, b.payer.id) };
    await renew(a.o);
    expect({ sub: await subscriptionRow(b.id), member: await memberRow(b.communityId, b.payer.id) }).toEqual(bBefore);
  });

  it("has nothing to move for an order without a subscription or a period", async () => {
    const { o } = await due("monthly");
    expect(grantRenewal(db, { ...o, subscription_id: null }, mine, NOW)).toEqual([]);
    expect(grantRenewal(db, { ...o, period_start: null }, mine, NOW)).toEqual([]);
    // A period that starts at 0 is a period.
    expect(grantRenewal(db, { ...o, period_start: 0 }, mine, NOW)).toHaveLength(2);
  });
});

describe(`a paid creator plan (grantPlan) on ${testEngine()}`, () => {
  const onPlan = (id: PlanId): CommunityValues => ({
    subscriptionPlan: id,
    planFeatures: [...plans[id].features],
    planLimits: { maxMembers: plans[id].maxMembers },
  });

  /** The owner's order for `plan`, paid with a saved card or not. */
  async function planOrder(w: Awaited<ReturnType<typeof world>>, id: PlanId, card = true) {
    return order({
      userId: w.owner.id,
      communityId: w.communityId,
      kind: "creator_plan",
      plan: id,
      amount: plans[id].price,
      subscriptionId: newId(),
      paymentMethodId: card ? await savedCard(w.owner.id) : null,
    });
  }

  const buy = async (o: OrderRow, guard: SQL = mine) => {
    const { statements, granted } = grantPlan(db, o, guard, NOW);
    const read = await run(statements);
    return read(granted!)!.n;
  };

  it("puts a free community on the plan bought, with its features and limit, and starts its monthly subscription", async () => {
    const w = await world(onPlan("free"));
    const o = await planOrder(w, "starter");
    expect(await buy(o)).toBe(1);
    expect(await communityRow(w.communityId)).toMatchObject({
      subscriptionPlan: "starter",
      planFeatures: plans.starter.features,
      planLimits: { maxMembers: plans.starter.maxMembers },
      updatedAt: NOW,
    });
    expect(await subscriptionRow(o.subscription_id!)).toEqual({
      id: o.subscription_id,
      userId: w.owner.id,
      communityId: w.communityId,
      subscriptionType: "creator_plan",
      status: "active",
      amount: plans.starter.price,
      currency: "GEL",
      interval: "monthly",
      paymentMethodId: o.payment_method_id,
      lastOrderId: o.id,
      currentPeriodStart: NOW,
      currentPeriodEnd: utc(2026, 2, 28),
      cancelledAt: null,
      renewalFailures: 0,
      retryAt: null,
      createdAt: NOW,
      updatedAt: NOW,
    });
  });

  it("starts the plan cancelled, to end with its month, when the card was not saved", async () => {
    const w = await world(onPlan("free"));
    const o = await planOrder(w, "premium", false);
    expect(await buy(o)).toBe(1);
    expect(await subscriptionRow(o.subscription_id!)).toMatchObject({
      status: "cancelled",
      cancelledAt: NOW,
      paymentMethodId: null,
    });
    expect((await communityRow(w.communityId)).subscriptionPlan).toBe("premium");
  });

  it("ends the community's older plan at once on an upgrade or a downgrade, and no other subscription", async () => {
    for (const [from, to] of [
      ["starter", "premium"],
      ["premium", "starter"],
    ] as const) {
      const w = await world(onPlan(from));
      const older = await subscription({ userId: w.owner.id, communityId: w.communityId, subscriptionType: "creator_plan" });
      const lapsed = await subscription({
        userId: w.owner.id,
        communityId: w.communityId,
        subscriptionType: "creator_plan",
        status: "cancelled",
        currentPeriodEnd: NOW - 5000,
      });
      const expired = await subscription({
        userId: w.owner.id,
        communityId: w.communityId,
        subscriptionType: "creator_plan",
        status: "expired",
      });
      const membership = await subscription({ userId: w.payer.id, communityId: w.communityId });
      const elsewhere = await seedCommunity(db, w.owner.id, onPlan(from));
      const otherPlan = await subscription({ userId: w.owner.id, communityId: elsewhere.id, subscriptionType: "creator_plan" });
      const untouched = [expired, membership, otherPlan];
      const before = await Promise.all(untouched.map(subscriptionRow));

      const o = await planOrder(w, to);
      expect(await buy(o)).toBe(1);
      expect(await subscriptionRow(older)).toMatchObject({ status: "expired", currentPeriodEnd: NOW, updatedAt: NOW });
      expect(await subscriptionRow(lapsed)).toMatchObject({ status: "expired", currentPeriodEnd: NOW - 5000, updatedAt: NOW });
      expect(await Promise.all(untouched.map(subscriptionRow))).toEqual(before);
      expect(await subscriptionRow(o.subscription_id!)).toMatchObject({ status: "active", subscriptionType: "creator_plan" });
      expect(await communityRow(w.communityId)).toMatchObject({ subscriptionPlan: to, planFeatures: plans[to].features });
      expect((await communityRow(elsewhere.id)).subscriptionPlan).toBe(from);
    }
  });

  it("gives nothing to a community on the plan already (bought by another order): its plan stays, no subscription", async () => {
    const w = await world(onPlan("premium"));
    await setCommunity(w.communityId, { updatedAt: NOW - 1 });
    const current = await subscription({ userId: w.owner.id, communityId: w.communityId, subscriptionType: "creator_plan" });
    const before = await subscriptionRow(current);
    const o = await planOrder(w, "premium");
    expect(await buy(o)).toBe(0);
    expect(await subscriptionRow(current)).toEqual(before);
    expect(await subscriptionRow(o.subscription_id!)).toBeNull();
    expect((await communityRow(w.communityId)).updatedAt).toBe(NOW - 1);
  });

  it("never counts the order's own subscription as an older plan", async () => {
    const w = await world(onPlan("free"));
    const o = await planOrder(w, "starter");
    await subscription({
      id: o.subscription_id!,
      userId: w.owner.id,
      communityId: w.communityId,
      subscriptionType: "creator_plan",
    });
    const before = await subscriptionRow(o.subscription_id!);
    expect(await buy(o)).toBe(1);
    expect(await subscriptionRow(o.subscription_id!)).toEqual(before);
    expect((await communityRow(w.communityId)).subscriptionPlan).toBe("starter");
  });

  it("writes nothing when the batch did not move the order", async () => {
    const w = await world(onPlan("starter"));
    await setCommunity(w.communityId, { updatedAt: NOW - 1 });
    const older = await subscription({ userId: w.owner.id, communityId: w.communityId, subscriptionType: "creator_plan" });
    const before = { community: await communityRow(w.communityId), older: await subscriptionRow(older) };
    const o = await planOrder(w, "premium");
    expect(await buy(o, notMine)).toBe(0);
    expect({ community: await communityRow(w.communityId), older: await subscriptionRow(older) }).toEqual(before);
    expect(await subscriptionRow(o.subscription_id!)).toBeNull();
  });

  it("has nothing to grant for an order without a plan (or Free), a community or a subscription", async () => {
    const w = await world(onPlan("free"));
    const o = await planOrder(w, "starter");
    const none = { statements: [], granted: null };
    expect(grantPlan(db, { ...o, plan: null }, mine, NOW)).toEqual(none);
    expect(grantPlan(db, { ...o, plan: "free" }, mine, NOW)).toEqual(none);
    expect(grantPlan(db, { ...o, community_id: null }, mine, NOW)).toEqual(none);
    expect(grantPlan(db, { ...o, subscription_id: null }, mine, NOW)).toEqual(none);
  });
});

describe(`a creator plan's end (backToFree) on ${testEngine()}`, () => {
  const planned = async (id: PlanId) => {
    const w = await world({
      subscriptionPlan: id,
      planFeatures: [...plans[id].features],
      planLimits: { maxMembers: plans[id].maxMembers },
    });
    await setCommunity(w.communityId, { updatedAt: NOW - 1 });
    const creatorPlan = await subscription({ userId: w.owner.id, communityId: w.communityId, subscriptionType: "creator_plan" });
    const membership = await subscription({ userId: w.payer.id, communityId: w.communityId });
    return { ...w, creatorPlan, membership };
  };

  it("puts the plan's community back on Free, its features and its limit, by the plan's subscription id or an SQL value", async () => {
    const a = await planned("premium");
    const b = await planned("starter");
    await run([backToFree(db, a.creatorPlan, NOW), backToFree(db, sql`${b.creatorPlan}`, NOW, mine)]);
    for (const w of [a, b])
      expect(await communityRow(w.communityId)).toMatchObject({
        subscriptionPlan: "free",
        planFeatures: plans.free.features,
        planLimits: { maxMembers: plans.free.maxMembers },
        updatedAt: NOW,
      });
  });

  it("moves no plan for a member's subscription, a community on Free already, or a guard that does not hold", async () => {
    const membership = await planned("premium");
    const free = await planned("free");
    const guarded = await planned("premium");
    await run([
      backToFree(db, membership.membership, NOW),
      backToFree(db, free.creatorPlan, NOW),
      backToFree(db, guarded.creatorPlan, NOW, notMine),
    ]);
    expect(await communityRow(membership.communityId)).toMatchObject({ subscriptionPlan: "premium", updatedAt: NOW - 1 });
    expect(await communityRow(free.communityId)).toMatchObject({ subscriptionPlan: "free", updatedAt: NOW - 1 });
    expect(await communityRow(guarded.communityId)).toMatchObject({ subscriptionPlan: "premium", updatedAt: NOW - 1 });
  });
});
