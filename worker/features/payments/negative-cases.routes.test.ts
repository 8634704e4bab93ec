import { env } from "cloudflare:workers";
import { stopClock } from "../../../tests/clock";
import { describe, expect, it } from "vitest";
import { plans } from "../../../common/catalog";
import { newId } from "../../../common/ids";
import { addMember, call, createUser, expectError, type TestUser } from "../../../tests/factories";
import {
  APPROVE,
  APPROVE_3DS,
  DECLINE,
  DECLINE_3DS,
  accessOf,
  bankAnswer,
  callHosted,
  canRead,
  chargesOf,
  counts,
  expectNothingGranted,
  failReversals,
  newCard,
  paidCommunity,
  pay,
  payOk,
  postCallback,
  provider,
  returnFrom3ds,
  sandboxCallback,
  signedCallback,
  type Result,
} from "../../../tests/payments";
import { openD1TestDb } from "../../../tests/test-db-d1";
import type { AppEnv } from "../../env";
import { rateLimitRules } from "../../lib/rate-limit";
import { issueRectoken } from "../../payments/sandbox/rectoken";
import { sandboxOrders } from "../../payments/sandbox/store";
import { sealToken } from "../../payments/token-vault";
import { runPaymentJobs } from "./renewals";

/**
 * Payments that must not let anyone in or take money twice. Every case ends by checking that the
 * payer cannot read the community, holds no live membership, and how many of their orders the
 * provider holds as paid (the money actually taken).
 */

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const run = (now = Date.now()) => runPaymentJobs(env as AppEnv, openD1TestDb(), now);

async function setup(opts: Parameters<typeof paidCommunity>[1] = {}) {
  const owner = await createUser();
  const payer = await createUser();
  const community = await paidCommunity(owner.user.id, opts);
  return { owner, payer, community };
}

const orderRow = (id: string) =>
  env.DB.prepare("select status, amount, reversal_due_at, created_at from payment_orders where id = ?")
    .bind(id)
    .first<{ status: string; amount: number; reversal_due_at: number | null; created_at: number }>();

const orderFor = async (u: TestUser, id: string) =>
  (await (await call(`/api/payments/orders/${id}`, { cookie: u.cookie })).json()) as Result;

/** Posts to an order's 3-D Secure TermUrl as the bank's page would, with any fields. */
async function postTermUrl(orderId: string, fields: Record<string, string>) {
  const res = await call(`/payments/3ds-return/${orderId}`, {
    method: "POST",
    rawBody: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://acs.bank.example" },
  });
  return (await res.text()).match(/data-payment-status="(\w+)"/)![1]!;
}

/** A saved card whose sandbox token says the card expired (or not), sealed as the app stores it. */
async function savedCardExpiring(userId: string, expiresAt: number, isDefault = 1) {
  const id = newId();
  const token = await issueRectoken("test", { approve: true, maskedCard: "444455XXXXXX6666", cardType: "VISA", expiresAt });
  await env.DB.prepare(
    `insert into user_payment_methods (id, user_id, rectoken, masked_card, last_four, is_default, created_at, updated_at)
     values (?, ?, ?, '444455XXXXXX6666', '6666', ?, ?, ?)`,
  )
    .bind(id, userId, await sealToken(env as AppEnv, token), isDefault, Date.now(), Date.now())
    .run();
  return id;
}

/** A monthly subscriber whose period has just ended, with the card they joined with saved. */
async function dueSubscriber() {
  const { payer, community } = await setup();
  await payOk(payer, { communityId: community.id, card: newCard(APPROVE), saveCard: true });
  const sub = (await env.DB.prepare("select id from user_subscriptions where user_id = ?")
    .bind(payer.user.id)
    .first<{ id: string }>())!;
  const ended = Date.now() - 1000;
  await env.DB.batch([
    env.DB.prepare("update user_subscriptions set current_period_end = ? where id = ?").bind(ended, sub.id),
    env.DB.prepare("update community_members set access_until = ? where subscription_id = ?").bind(ended, sub.id),
  ]);
  return { payer, community, subId: sub.id, ended };
}

const periodEnd = async (subId: string) =>
  (await env.DB.prepare("select current_period_end as e from user_subscriptions where id = ?")
    .bind(subId)
    .first<{ e: number }>())!.e;

describe("too many payment orders", () => {
  it("the 11th order in the window is refused with 429 and Retry-After; retries cost nothing; card checks share the budget", async () => {
    // N requests in one fixed window, however long they take.
    stopClock();
    const { payer, community } = await setup();
    const { limit } = rateLimitRules.paymentOrders;
    const keys = Array.from({ length: limit }, () => newId());
    for (const key of keys)
      expect((await payOk(payer, { communityId: community.id, card: newCard(DECLINE) }, key)).status).toBe("declined");
    // A retry of a request already made answers with its order and is not counted.
    expect((await pay(payer, { communityId: community.id, card: newCard(DECLINE) }, keys[0])).status).toBe(200);
    const refused = await pay(payer, { communityId: community.id, card: newCard(APPROVE) });
    await expectError(refused, 429, "RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const card = await call("/api/payments/methods", {
      body: { card: newCard(APPROVE) },
      cookie: payer.cookie,
      headers: { "idempotency-key": newId() },
    });
    await expectError(card, 429, "RATE_LIMITED");
    expect(await counts(payer.user.id)).toMatchObject({ orders: limit, approved: 0, cards: 0 });
    await expectNothingGranted(payer, community.id, 0);
  });
});

describe("two tabs", () => {
  it("an open 3-D Secure order past its 15 minutes is given up by the next payment; the bank's late answer charges nothing", async () => {
    const clock = stopClock();
    const start = Date.now();
    const { payer, community } = await setup();
    const first = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    clock.set(start + 14 * MINUTE);
    await expectError(await pay(payer, { communityId: community.id, card: newCard(APPROVE) }), 409, "CONFLICT");
    expect(await counts(payer.user.id)).toMatchObject({ orders: 1 });
    clock.set(start + 20 * MINUTE);
    expect((await payOk(payer, { communityId: community.id, card: newCard(DECLINE) })).status).toBe("declined");
    expect((await orderRow(first.orderId))?.status).toBe("declined");
    // The given-up order's challenge is not completed when the bank answers, so it charges nothing.
    expect(await returnFrom3ds(first)).toBe("declined");
    await expectNothingGranted(payer, community.id, 0);
  });

  it("two tabs paying at the same moment with their own keys make one order and one charge", async () => {
    const { payer, community } = await setup();
    const body = { communityId: community.id, card: newCard(APPROVE) };
    const statuses = (await Promise.all([pay(payer, body), pay(payer, body)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(await counts(payer.user.id, community.id)).toMatchObject({ orders: 1, approved: 1, subscriptions: 1 });
    expect(await chargesOf(payer.user.id)).toBe(1);
  });

  it("a second tab paying a creator plan while the first is at 3-D Secure is refused for 15 minutes, then goes", async () => {
    const clock = stopClock();
    const start = Date.now();
    const owner = await createUser();
    const { community } = await setup();
    // A free community on Free, its plan still to be paid.
    await env.DB.prepare(
      "update communities set creator_id = ?, is_paid = 0, subscription_plan = 'free', plan_features = ? where id = ?",
    )
      .bind(owner.user.id, JSON.stringify(plans.free.features), community.id)
      .run();
    const plan = (body: object) =>
      call("/api/payments/plan", { body, cookie: owner.cookie, headers: { "idempotency-key": newId() } });
    const first = (await (
      await plan({ communityId: community.id, plan: "starter", card: newCard(APPROVE_3DS) })
    ).json()) as Result;
    expect(first.status).toBe("requires_3ds");
    clock.set(start + 14 * MINUTE);
    await expectError(await plan({ communityId: community.id, plan: "premium", card: newCard(APPROVE) }), 409, "CONFLICT");
    const planNow = async () =>
      (await env.DB.prepare("select subscription_plan as p from communities where id = ?")
        .bind(community.id)
        .first<{ p: string }>())!.p;
    expect(await planNow()).toBe("free");
    expect(await chargesOf(owner.user.id)).toBe(0);
    clock.set(start + 20 * MINUTE);
    const second = (await (await plan({ communityId: community.id, plan: "premium", card: newCard(APPROVE) })).json()) as Result;
    expect(second.status).toBe("approved");
    expect(await planNow()).toBe("premium");
    expect((await orderRow(first.orderId))?.status).toBe("declined");
    expect(await returnFrom3ds(first)).toBe("declined");
    expect(await planNow()).toBe("premium");
    expect(await chargesOf(owner.user.id)).toBe(1);
  });
});

describe("approvals that arrive more than once", () => {
  it("the callback, the frame, the payer's page and the cron at once: one grant, one charge", async () => {
    const { payer, community } = await setup();
    const result = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS), saveCard: true });
    await provider().complete3ds(result.orderId, { md: result.threeDs!.md, pares: await bankAnswer(result.threeDs!.md) });
    const callback = await sandboxCallback(result.orderId);
    await Promise.all([
      postCallback(callback),
      postCallback(callback),
      returnFrom3ds(result),
      call(`/api/payments/orders/${result.orderId}`, { cookie: payer.cookie }),
      run(Date.now() + 11 * MINUTE),
    ]);
    expect(await counts(payer.user.id, community.id)).toMatchObject({ orders: 1, approved: 1, subscriptions: 1, cards: 1 });
    const members = await env.DB.prepare("select members_count as n from communities where id = ?")
      .bind(community.id)
      .first<{ n: number }>();
    expect(members?.n).toBe(2);
    expect(await chargesOf(payer.user.id)).toBe(1);
  });

  it("approved after declined: the bank confirming again, and a signed approval, leave a declined 3-D Secure order declined", async () => {
    const { payer, community } = await setup();
    const result = await payOk(payer, { communityId: community.id, card: newCard(DECLINE_3DS) });
    expect(await returnFrom3ds(result)).toBe("declined");
    expect(await returnFrom3ds(result)).toBe("declined");
    const { signature: _s, ...fields } = await sandboxCallback(result.orderId);
    void _s;
    expect((await postCallback(await signedCallback({ ...fields, order_status: "approved" }))).status).toBe(200);
    expect((await orderFor(payer, result.orderId)).status).toBe("declined");
    await expectNothingGranted(payer, community.id, 0);
  });

  it("a replayed renewal callback moves the period once", async () => {
    const { payer, community, subId } = await dueSubscriber();
    await run();
    const end = await periodEnd(subId);
    expect(end).toBeGreaterThan(Date.now());
    const renewal = (await env.DB.prepare("select id from payment_orders where subscription_id = ? and kind = 'renewal'")
      .bind(subId)
      .first<{ id: string }>())!;
    for (let i = 0; i < 3; i++) expect((await postCallback(await sandboxCallback(renewal.id))).status).toBe(200);
    expect(await periodEnd(subId)).toBe(end);
    await run();
    expect(await periodEnd(subId)).toBe(end);
    expect(await chargesOf(payer.user.id)).toBe(2);
    expect((await accessOf(community.id, payer.user.id))?.access_until).toBe(end);
  });
});

describe("the provider's word against the order", () => {
  it("the status API reporting another amount than the order's grants nothing", async () => {
    const { payer, community } = await setup();
    const result = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    await env.DB.prepare("update payment_orders set amount = 100 where id = ?").bind(result.orderId).run();
    expect(await returnFrom3ds(result)).toBe("pending");
    expect((await orderRow(result.orderId))?.status).toBe("processing");
    await expectNothingGranted(payer, community.id, 1);
  });

  it("the status API reporting another currency than the order's grants nothing", async () => {
    const { payer, community } = await setup();
    const result = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    await env.DB.prepare("update payment_orders set currency = 'USD' where id = ?").bind(result.orderId).run();
    expect(await returnFrom3ds(result)).toBe("pending");
    expect((await postCallback(await sandboxCallback(result.orderId))).status).toBe(200);
    await expectNothingGranted(payer, community.id, 1);
  });
});

describe("the 3-D Secure return", () => {
  it("for an unknown order grants nothing, and leaves the payer's real order pending", async () => {
    const { payer, community } = await setup();
    const result = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    const pares = await bankAnswer(result.threeDs!.md);
    expect(await postTermUrl(newId(), { MD: result.threeDs!.md, PaRes: pares })).toBe("unknown");
    expect((await orderFor(payer, result.orderId)).status).toBe("pending");
    await expectNothingGranted(payer, community.id, 0);
  });

  it("without the bank's answer leaves the order pending", async () => {
    const { payer, community } = await setup();
    const result = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    expect(await postTermUrl(result.orderId, { MD: result.threeDs!.md })).toBe("pending");
    expect(await postTermUrl(result.orderId, {})).toBe("pending");
    expect((await orderFor(payer, result.orderId)).status).toBe("pending");
    await expectNothingGranted(payer, community.id, 0);
  });

  it("with another payment's MD and bank answer grants neither payment", async () => {
    const a = await setup();
    const b = await setup();
    const first = await payOk(a.payer, { communityId: a.community.id, card: newCard(APPROVE_3DS) });
    const second = await payOk(b.payer, { communityId: b.community.id, card: newCard(APPROVE_3DS) });
    const pares = await bankAnswer(second.threeDs!.md);
    expect(await postTermUrl(first.orderId, { MD: second.threeDs!.md, PaRes: pares })).toBe("pending");
    expect((await orderFor(b.payer, second.orderId)).status).toBe("pending");
    await expectNothingGranted(a.payer, a.community.id, 0);
    await expectNothingGranted(b.payer, b.community.id, 0);
  });
});

describe("cards that cannot pay", () => {
  it("an expired saved card is declined and grants nothing", async () => {
    const { payer, community } = await setup();
    const card = await savedCardExpiring(payer.user.id, Date.now() - DAY);
    const result = await payOk(payer, { communityId: community.id, paymentMethodId: card });
    expect(result).toMatchObject({ status: "declined", message: "Payment failed" });
    await expectNothingGranted(payer, community.id, 0);
  });

  it("an expired card renewing is declined: the period does not move, nothing more is charged", async () => {
    const { payer, community, subId, ended } = await dueSubscriber();
    const card = await savedCardExpiring(payer.user.id, Date.now() - DAY, 0);
    await env.DB.prepare("update user_subscriptions set payment_method_id = ? where id = ?").bind(card, subId).run();
    await run();
    const renewal = await env.DB.prepare("select status from payment_orders where subscription_id = ? and kind = 'renewal'")
      .bind(subId)
      .first<{ status: string }>();
    expect(renewal?.status).toBe("declined");
    expect(await periodEnd(subId)).toBe(ended);
    expect(await chargesOf(payer.user.id)).toBe(1);
    // Access lasts through the grace period only; the feed is still readable within it.
    expect((await accessOf(community.id, payer.user.id))!.access_until).toBeGreaterThan(Date.now());
  });

  it("a subscription cancelled during its grace period is not retried and ends", async () => {
    const { payer, community, subId, ended } = await dueSubscriber();
    await env.DB.prepare("update user_payment_methods set is_active = 0, rectoken = '' where user_id = ?")
      .bind(payer.user.id)
      .run();
    await run();
    expect((await call(`/api/payments/subscriptions/${subId}/cancel`, { method: "POST", cookie: payer.cookie })).status).toBe(
      200,
    );
    await run(ended + DAY + 1);
    const sub = await env.DB.prepare("select status from user_subscriptions where id = ?")
      .bind(subId)
      .first<{ status: string }>();
    expect(sub?.status).toBe("expired");
    const orders = await env.DB.prepare("select count(*) as n from payment_orders where subscription_id = ? and kind = 'renewal'")
      .bind(subId)
      .first<{ n: number }>();
    expect(orders?.n).toBe(1);
    await env.DB.prepare("update community_members set access_until = ? where subscription_id = ?").bind(ended, subId).run();
    await expectNothingGranted(payer, community.id, 1);
  });
});

describe("cards and subscriptions that are gone", () => {
  it("a card deleted on /payment-methods cannot pay a join", async () => {
    const { owner, payer, community } = await setup();
    const first = await paidCommunity(owner.user.id, { paymentType: "single" });
    await payOk(payer, { communityId: first.id, card: newCard(APPROVE), saveCard: true });
    const card = (await env.DB.prepare("select id from user_payment_methods where user_id = ?")
      .bind(payer.user.id)
      .first<{ id: string }>())!;
    expect((await call(`/api/payments/methods/${card.id}`, { method: "DELETE", cookie: payer.cookie })).status).toBe(200);
    await expectError(await pay(payer, { communityId: community.id, paymentMethodId: card.id }), 404, "NOT_FOUND");
    expect(await counts(payer.user.id, community.id)).toMatchObject({ orders: 0 });
    await expectNothingGranted(payer, community.id, 1);
  });

  it("a creator plan cannot be paid with another person's saved card", async () => {
    const { owner, payer, community } = await setup();
    await payOk(payer, { communityId: community.id, card: newCard(APPROVE), saveCard: true });
    const card = (await env.DB.prepare("select id from user_payment_methods where user_id = ?")
      .bind(payer.user.id)
      .first<{ id: string }>())!;
    // The paid community is on Starter: the owner would move it up.
    const res = await call("/api/payments/plan", {
      body: { communityId: community.id, plan: "premium", paymentMethodId: card.id },
      cookie: owner.cookie,
      headers: { "idempotency-key": newId() },
    });
    await expectError(res, 404, "NOT_FOUND");
    expect(await chargesOf(owner.user.id)).toBe(0);
    expect(await chargesOf(payer.user.id)).toBe(1);
  });

  it("a subscription whose period has ended cannot be taken up again without paying", async () => {
    const { payer, community, subId } = await dueSubscriber();
    await env.DB.prepare("update user_subscriptions set status = 'cancelled', cancelled_at = ? where id = ?")
      .bind(Date.now(), subId)
      .run();
    await expectError(
      await call(`/api/payments/subscriptions/${subId}/resubscribe`, { method: "POST", cookie: payer.cookie }),
      409,
      "CONFLICT",
    );
    await run();
    await expectError(
      await call(`/api/payments/subscriptions/${subId}/cancel`, { method: "POST", cookie: payer.cookie }),
      409,
      "CONFLICT",
    );
    await expectNothingGranted(payer, community.id, 1);
  });

  it("a reversal of a renewal ends the access it paid for and cannot be approved back", async () => {
    const { payer, community, subId } = await dueSubscriber();
    await run();
    const renewal = (await env.DB.prepare("select id, amount from payment_orders where subscription_id = ? and kind = 'renewal'")
      .bind(subId)
      .first<{ id: string; amount: number }>())!;
    expect(await canRead(payer, community.id)).toBe(true);
    await provider().reverse(renewal.id, renewal.amount, "GEL");
    expect((await postCallback(await sandboxCallback(renewal.id))).status).toBe(200);
    const { signature: _s, ...fields } = await sandboxCallback(renewal.id);
    void _s;
    await postCallback(await signedCallback({ ...fields, order_status: "approved", reversal_amount: "0" }));
    await expectNothingGranted(payer, community.id, 1);
  });
});

describe("orders of other people and other communities", () => {
  it("a paid order for one community grants nothing in another, and its callback cannot move there", async () => {
    const { owner, payer, community } = await setup();
    const other = await paidCommunity(owner.user.id);
    const result = await payOk(payer, { communityId: community.id, card: newCard(APPROVE) });
    const { signature: _s, ...fields } = await sandboxCallback(result.orderId);
    void _s;
    expect((await postCallback(await signedCallback({ ...fields, community_id: other.id }))).status).toBe(200);
    expect(await canRead(payer, community.id)).toBe(true);
    await expectNothingGranted(payer, other.id, 1);
    // The other community's owner, a member there, does not see the payer's order.
    await expectError(await call(`/api/payments/orders/${result.orderId}`, { cookie: owner.cookie }), 404);
  });

  it("an Idempotency-Key reused for another community is refused and makes no order", async () => {
    const { owner, payer, community } = await setup();
    const other = await paidCommunity(owner.user.id);
    const key = newId();
    expect((await payOk(payer, { communityId: community.id, card: newCard(DECLINE) }, key)).status).toBe("declined");
    const reused = await expectError(await pay(payer, { communityId: other.id, card: newCard(APPROVE) }, key), 422);
    expect(reused.error.issues).toContainEqual({ path: "idempotency-key", message: "Already used for a different request" });
    expect(await counts(payer.user.id, other.id)).toMatchObject({ orders: 0 });
    await expectNothingGranted(payer, other.id, 0);
  });

  it("another person's Idempotency-Key never answers with the first payer's order", async () => {
    const { community, payer } = await setup();
    const stranger = await createUser();
    const key = newId();
    const mine = await payOk(payer, { communityId: community.id, card: newCard(DECLINE) }, key);
    const theirs = await payOk(stranger, { communityId: community.id, card: newCard(DECLINE) }, key);
    expect(theirs.orderId).not.toBe(mine.orderId);
    await expectError(await call(`/api/payments/orders/${mine.orderId}`, { cookie: stranger.cookie }), 404);
    await expectNothingGranted(stranger, community.id, 0);
  });

  it("a guest can start no payment in either mode, and makes no order", async () => {
    const { community } = await setup();
    const before = await env.DB.prepare("select count(*) as n from payment_orders").first<{ n: number }>();
    const headers = { "idempotency-key": newId() };
    await expectError(await pay(undefined, { communityId: community.id, card: newCard(APPROVE) }), 401);
    await expectError(
      await callHosted("/api/payments/join", { body: { communityId: community.id, hosted: true }, headers }),
      401,
    );
    await expectError(await callHosted("/api/payments/methods", { body: { hosted: true }, headers }), 401);
    await expectError(
      await call("/api/payments/plan", { body: { communityId: community.id, plan: "starter", card: newCard(APPROVE) }, headers }),
      401,
    );
    const after = await env.DB.prepare("select count(*) as n from payment_orders").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });
});

describe("hosted checkout", () => {
  it("card data is refused in hosted mode, and returning from an unpaid checkout grants nothing", async () => {
    const { payer, community } = await setup();
    const headers = () => ({ "idempotency-key": newId() });
    const typed = await callHosted("/api/payments/join", {
      body: { communityId: community.id, card: newCard(APPROVE) },
      cookie: payer.cookie,
      headers: headers(),
    });
    await expectError(typed, 409, "NOT_AVAILABLE");
    expect(await counts(payer.user.id)).toMatchObject({ orders: 0 });
    const res = await callHosted("/api/payments/join", {
      body: { communityId: community.id, hosted: true },
      cookie: payer.cookie,
      headers: headers(),
    });
    const result = (await res.json()) as Result & { checkoutUrl: string };
    expect(result.status).toBe("redirect");
    const back = await call(`/payments/return/${result.orderId}?order_id=${result.orderId}`, { cookie: payer.cookie });
    expect(back.headers.get("location")).toBe(`/communities/join-payment?communityId=${community.id}`);
    expect((await call(`/payments/return/${newId()}`, { cookie: payer.cookie })).headers.get("location")).toBe(
      "/my-subscriptions",
    );
    await expectNothingGranted(payer, community.id, 0);
  });

  it("the return tells only the payer's session where the order went, and never asks the provider about a settled order", async () => {
    const { payer, community } = await setup();
    const stranger = await createUser();
    const res = await callHosted("/api/payments/join", {
      body: { communityId: community.id, hosted: true },
      cookie: payer.cookie,
      headers: { "idempotency-key": newId() },
    });
    const result = (await res.json()) as Result & { checkoutUrl: string };
    await call(new URL(result.checkoutUrl).pathname, {
      method: "POST",
      rawBody: new URLSearchParams({ card_number: APPROVE, expiry_date: "1239", cvv2: "123" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    // The provider's callback settles it.
    await expect.poll(async () => (await orderRow(result.orderId))!.status).toBe("approved");
    // Then the provider's record changes and its callback has not come yet (a chargeback, say): a return
    // that asked the provider would now read the order as reversed and end the payer's access here.
    sandboxOrders.get(result.orderId)!.status = "reversed";
    const back = (who?: TestUser) =>
      call(`/payments/return/${result.orderId}?order_id=${result.orderId}`, { cookie: who?.cookie });
    for (const who of [undefined, stranger]) expect((await back(who)).headers.get("location")).toBe("/my-subscriptions");
    expect((await back(payer)).headers.get("location")).toBe(`/communities/${community.id}`);
    expect((await orderRow(result.orderId))!.status).toBe("approved");
    expect(await canRead(payer, community.id)).toBe(true);
  });
});

describe("refunds that fail", () => {
  it("the last seat taken while two pay: one gets in, the other is refunded", async () => {
    const { payer, community } = await setup({ maxMembers: 2 });
    const rival = await createUser();
    const mine = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    const theirs = await payOk(rival, { communityId: community.id, card: newCard(APPROVE_3DS) });
    expect(await returnFrom3ds(theirs)).toBe("approved");
    expect(await returnFrom3ds(mine)).toBe("reversed");
    expect(await canRead(rival, community.id)).toBe(true);
    expect(await chargesOf(rival.user.id)).toBe(1);
    await expectNothingGranted(payer, community.id, 0);
  });

  it("a refused refund of a paid join that could not be let in is retried by the cron until it goes through, once", async () => {
    const { payer, community } = await setup({ maxMembers: 2 });
    const result = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    await addMember(community.id, (await createUser()).user.id);
    await failReversals(payer.user.email, 2);
    expect(await returnFrom3ds(result)).toBe("reversed");
    expect((await orderFor(payer, result.orderId)).status).toBe("reversed");
    expect((await orderRow(result.orderId))?.reversal_due_at).not.toBeNull();
    await expectNothingGranted(payer, community.id, 1);
    // Not before the retry is due; then the bank refuses once more; then it goes through.
    await run();
    expect((await provider().status(result.orderId)).status).toBe("approved");
    await run(Date.now() + 11 * MINUTE);
    expect(await orderRow(result.orderId)).toMatchObject({ status: "approved" });
    await run(Date.now() + 22 * MINUTE);
    expect(await orderRow(result.orderId)).toMatchObject({ status: "reversed", reversal_due_at: null });
    await run(Date.now() + 60 * MINUTE);
    const truth = await provider().status(result.orderId);
    expect(truth).toMatchObject({ status: "reversed", reversalAmount: truth.amount });
    await expectNothingGranted(payer, community.id, 0);
  });

  it("a refused refund of a card check is retried until it goes through; the card stays saved", async () => {
    const u = await createUser();
    await failReversals(u.user.email, 1);
    const res = await call("/api/payments/methods", {
      body: { card: newCard(APPROVE) },
      cookie: u.cookie,
      headers: { "idempotency-key": newId() },
    });
    const result = (await res.json()) as Result;
    expect(result.status).toBe("approved");
    expect(await orderRow(result.orderId)).toMatchObject({ status: "approved" });
    expect(await chargesOf(u.user.id)).toBe(1);
    await run(Date.now() + 11 * MINUTE);
    expect(await orderRow(result.orderId)).toMatchObject({ status: "reversed", reversal_due_at: null });
    await run(Date.now() + 30 * MINUTE);
    const truth = await provider().status(result.orderId);
    expect(truth).toMatchObject({ status: "reversed", reversalAmount: truth.amount });
    expect(await chargesOf(u.user.id)).toBe(0);
    expect(await counts(u.user.id)).toMatchObject({ cards: 1 });
  });
});
