import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newId } from "../../../common/ids";
import { stopClock } from "../../../tests/clock";
import { call, createCommunity, createUser, expectError, type TestUser } from "../../../tests/factories";
import {
  APPROVE,
  APPROVE_3DS,
  canRead,
  chargesOf,
  counts,
  newCard,
  paidCommunity,
  pay,
  payOk,
  postCallback,
  provider,
  returnFrom3ds,
  signedCallback,
  type Result,
} from "../../../tests/payments";
import { sandboxOrders } from "../../payments/sandbox/store";
import { OPEN_ORDER_HOLD_MS, UNSENT_AFTER_MS } from "./open-orders";

/**
 * A new order first settles the open ones in its way from the provider's status: an abandoned or
 * timed-out payment never leaves the payer stuck, and nothing is ever charged twice.
 */

async function setup() {
  const owner = await createUser();
  const payer = await createUser();
  const community = await paidCommunity(owner.user.id);
  return { owner, payer, community };
}

const orderRow = async (id: string) => {
  const row = await env.DB.prepare("select status, status_history, reversal_due_at from payment_orders where id = ?")
    .bind(id)
    .first<{ status: string; status_history: string; reversal_due_at: number | null }>();
  return row && { status: row.status, notes: (JSON.parse(row.status_history) as { note?: string }[]).map((s) => s.note ?? null) };
};

/**
 * The provider settles an order on its side and its callback is lost: the bank's answer came, but
 * nothing of it reached us.
 */
function providerSettlesUnheard(orderId: string, status: "approved" | "declined") {
  const order = sandboxOrders.get(orderId)!;
  order.status = status;
  order.declineReason = status === "declined" ? "Declined by the card's bank" : null;
  order.md = null;
}

const joinNotices = async (ownerId: string, payerId: string) =>
  (await env.DB.prepare(
    "select count(*) as n from notifications where recipient_id = ? and type = 'COMMUNITY_JOIN' and sender_id = ?",
  )
    .bind(ownerId, payerId)
    .first<{ n: number }>())!.n;

describe("a join order left open", () => {
  it("at 3-D Secure holds a second charge for 15 minutes from its creation, then is given up and the new order goes", async () => {
    const clock = stopClock();
    const start = Date.now();
    const { payer, community } = await setup();
    const first = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    expect(first.status).toBe("requires_3ds");

    clock.set(start + OPEN_ORDER_HOLD_MS - 1);
    const held = await expectError(await pay(payer, { communityId: community.id, card: newCard(APPROVE) }), 409, "CONFLICT");
    expect(held.error.message).toBe("A payment for this community is already in progress. Please wait for it to finish.");
    expect(await counts(payer.user.id)).toMatchObject({ orders: 1 });

    clock.set(start + OPEN_ORDER_HOLD_MS);
    const second = await payOk(payer, { communityId: community.id, card: newCard(APPROVE) });
    expect(second.status).toBe("approved");
    expect(await orderRow(first.orderId)).toEqual({ status: "declined", notes: [null, "3-D Secure", "not completed in time"] });
    // The bank's answer to the given-up challenge comes too late: it is not completed, so it charges nothing.
    expect(await returnFrom3ds(first)).toBe("declined");
    expect(await canRead(payer, community.id)).toBe(true);
    expect(await counts(payer.user.id, community.id)).toMatchObject({ orders: 2, approved: 1, subscriptions: 1 });
    expect(await chargesOf(payer.user.id)).toBe(1);
  });

  it("given up, then approved by the provider after all: refunded, never granted, the owner told once", async () => {
    const clock = stopClock();
    const start = Date.now();
    const { owner, payer, community } = await setup();
    const first = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    clock.set(start + OPEN_ORDER_HOLD_MS);
    expect((await payOk(payer, { communityId: community.id, card: newCard(APPROVE) })).status).toBe("approved");
    providerSettlesUnheard(first.orderId, "approved");
    const said = { order_id: first.orderId, order_status: "approved", amount: "2500", currency: "GEL" };
    for (let i = 0; i < 2; i++) expect((await postCallback(await signedCallback(said))).status).toBe(200);
    expect((await provider().status(first.orderId)).status).toBe("reversed");
    expect((await orderRow(first.orderId))?.status).toBe("reversed");
    const payerView = (await (await call(`/api/payments/orders/${first.orderId}`, { cookie: payer.cookie })).json()) as Result;
    expect(payerView.status).toBe("reversed");
    expect(await counts(payer.user.id, community.id)).toMatchObject({ orders: 2, approved: 1, subscriptions: 1 });
    expect(await chargesOf(payer.user.id)).toBe(1);
    expect(await canRead(payer, community.id)).toBe(true);
    expect(await joinNotices(owner.user.id, payer.user.id)).toBe(1);
  });

  it("declined by the provider, its callback lost: the new order goes at once", async () => {
    const { payer, community } = await setup();
    const first = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    providerSettlesUnheard(first.orderId, "declined");
    expect((await orderRow(first.orderId))?.status).toBe("processing");
    expect((await payOk(payer, { communityId: community.id, card: newCard(APPROVE) })).status).toBe("approved");
    expect(await orderRow(first.orderId)).toEqual({
      status: "declined",
      notes: [null, "3-D Secure", "Declined by the card's bank"],
    });
    expect(await canRead(payer, community.id)).toBe(true);
    expect(await chargesOf(payer.user.id)).toBe(1);
  });

  it("approved by the provider, its callback lost: asking again grants it and refuses the second as already a member", async () => {
    const { owner, payer, community } = await setup();
    const first = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    providerSettlesUnheard(first.orderId, "approved");
    expect(await canRead(payer, community.id)).toBe(false);
    const again = await expectError(
      await pay(payer, { communityId: community.id, card: newCard(APPROVE) }),
      409,
      "ALREADY_MEMBER",
    );
    expect(again.error.message).toBe("You are already a member of this community.");
    expect((await orderRow(first.orderId))?.status).toBe("approved");
    expect(await canRead(payer, community.id)).toBe(true);
    expect(await counts(payer.user.id, community.id)).toMatchObject({ orders: 1, approved: 1, subscriptions: 1 });
    expect(await chargesOf(payer.user.id)).toBe(1);
    expect(await joinNotices(owner.user.id, payer.user.id)).toBe(1);
  });

  it("that never reached the provider holds only while it may still be on its way there", async () => {
    const clock = stopClock();
    const start = Date.now();
    const { payer, community } = await setup();
    const stranded = newId();
    await env.DB.prepare(
      `insert into payment_orders (id, user_id, community_id, kind, amount, status, status_history, created_at, updated_at)
       values (?, ?, ?, 'join_community', 2500, 'created', '[{"status":"created","at":0}]', ?, ?)`,
    )
      .bind(stranded, payer.user.id, community.id, start, start)
      .run();
    clock.set(start + UNSENT_AFTER_MS - 1);
    await expectError(await pay(payer, { communityId: community.id, card: newCard(APPROVE) }), 409, "CONFLICT");
    clock.set(start + UNSENT_AFTER_MS);
    expect((await payOk(payer, { communityId: community.id, card: newCard(APPROVE) })).status).toBe("approved");
    expect(await orderRow(stranded)).toEqual({ status: "declined", notes: [null, "unknown to the provider"] });
    expect(await chargesOf(payer.user.id)).toBe(1);
  });
});

describe("a join order the payer walked away from (the 3-D Secure dialog closed or timed out)", () => {
  it("named in the next payment, is given up at once: the new order goes, the old challenge charges nothing", async () => {
    const { owner, payer, community } = await setup();
    const first = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    expect(first.status).toBe("requires_3ds");
    const second = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS), abandonedOrderId: first.orderId });
    expect(second.status).toBe("requires_3ds");
    expect(await orderRow(first.orderId)).toEqual({ status: "declined", notes: [null, "3-D Secure", "abandoned by the payer"] });
    // The bank's answer to the abandoned challenge is not completed: only the second order is charged.
    expect(await returnFrom3ds(first)).toBe("declined");
    expect(await returnFrom3ds(second)).toBe("approved");
    expect(await canRead(payer, community.id)).toBe(true);
    expect(await counts(payer.user.id, community.id)).toMatchObject({ orders: 2, approved: 1, subscriptions: 1 });
    expect(await chargesOf(payer.user.id)).toBe(1);
    expect(await joinNotices(owner.user.id, payer.user.id)).toBe(1);
  });

  it("confirmed at the bank before the dialog closed: granted, and the new payment refused as already a member", async () => {
    const { payer, community } = await setup();
    const first = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    providerSettlesUnheard(first.orderId, "approved");
    await expectError(
      await pay(payer, { communityId: community.id, card: newCard(APPROVE), abandonedOrderId: first.orderId }),
      409,
      "ALREADY_MEMBER",
    );
    expect((await orderRow(first.orderId))?.status).toBe("approved");
    expect(await canRead(payer, community.id)).toBe(true);
    expect(await chargesOf(payer.user.id)).toBe(1);
  });

  it("only the order named is given up: another open one still holds", async () => {
    const { payer, community } = await setup();
    const first = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    const held = await expectError(
      await pay(payer, { communityId: community.id, card: newCard(APPROVE), abandonedOrderId: newId() }),
      409,
      "CONFLICT",
    );
    expect(held.error.message).toBe("A payment for this community is already in progress. Please wait for it to finish.");
    expect((await orderRow(first.orderId))?.status).toBe("processing");
    expect(await counts(payer.user.id, community.id)).toMatchObject({ orders: 1 });
  });
});

describe("a creator plan order left open", () => {
  async function owned() {
    const owner = await createUser();
    const community = await createCommunity(owner.user.id);
    return { owner, community };
  }
  const payPlan = (u: TestUser, body: object) =>
    call("/api/payments/plan", { body, cookie: u.cookie, headers: { "idempotency-key": newId() } });
  const planOf = async (id: string) =>
    (await env.DB.prepare("select subscription_plan as p from communities where id = ?").bind(id).first<{ p: string }>())!.p;

  it("approved by the provider, its callback lost: asking again applies it and refuses the same plan, charged once", async () => {
    const { owner, community } = await owned();
    const first = (await (
      await payPlan(owner, { communityId: community.id, plan: "starter", card: newCard(APPROVE_3DS) })
    ).json()) as Result;
    providerSettlesUnheard(first.orderId, "approved");
    const again = await expectError(
      await payPlan(owner, { communityId: community.id, plan: "starter", card: newCard(APPROVE) }),
      409,
      "CONFLICT",
    );
    expect(again.error.message).toBe("This community is already on that plan.");
    expect(await planOf(community.id)).toBe("starter");
    expect(await counts(owner.user.id, community.id)).toMatchObject({ orders: 1, approved: 1 });
    expect(await chargesOf(owner.user.id)).toBe(1);
  });

  it("given up for another plan, then approved after all: refunded, and the plan bought since stays", async () => {
    const clock = stopClock();
    const start = Date.now();
    const { owner, community } = await owned();
    const first = (await (
      await payPlan(owner, { communityId: community.id, plan: "starter", card: newCard(APPROVE_3DS) })
    ).json()) as Result;
    clock.set(start + OPEN_ORDER_HOLD_MS);
    const premium = (await (
      await payPlan(owner, { communityId: community.id, plan: "premium", card: newCard(APPROVE) })
    ).json()) as Result;
    expect(premium.status).toBe("approved");
    providerSettlesUnheard(first.orderId, "approved");
    const said = { order_id: first.orderId, order_status: "approved", amount: "1900", currency: "GEL" };
    expect((await postCallback(await signedCallback(said))).status).toBe(200);
    expect((await provider().status(first.orderId)).status).toBe("reversed");
    expect(await planOf(community.id)).toBe("premium");
    const subs = await env.DB.prepare("select status from user_subscriptions where community_id = ?")
      .bind(community.id)
      .all<{ status: string }>();
    expect(subs.results).toEqual([{ status: "active" }]);
    expect(await chargesOf(owner.user.id)).toBe(1);
  });

  it("abandoned in 3-D Secure and named in the next payment: the new plan order goes at once, charged once", async () => {
    const { owner, community } = await owned();
    const first = (await (
      await payPlan(owner, { communityId: community.id, plan: "starter", card: newCard(APPROVE_3DS) })
    ).json()) as Result;
    await expectError(
      await payPlan(owner, { communityId: community.id, plan: "starter", card: newCard(APPROVE) }),
      409,
      "CONFLICT",
    );
    const second = (await (
      await payPlan(owner, {
        communityId: community.id,
        plan: "starter",
        card: newCard(APPROVE),
        abandonedOrderId: first.orderId,
      })
    ).json()) as Result;
    expect(second.status).toBe("approved");
    expect(await planOf(community.id)).toBe("starter");
    expect(await orderRow(first.orderId)).toEqual({ status: "declined", notes: [null, "3-D Secure", "abandoned by the payer"] });
    expect(await returnFrom3ds(first)).toBe("declined");
    expect(await chargesOf(owner.user.id)).toBe(1);
  });

  it("declined by the provider, its callback lost: the new plan order goes at once", async () => {
    const { owner, community } = await owned();
    const first = (await (
      await payPlan(owner, { communityId: community.id, plan: "starter", card: newCard(APPROVE_3DS) })
    ).json()) as Result;
    providerSettlesUnheard(first.orderId, "declined");
    const second = (await (
      await payPlan(owner, { communityId: community.id, plan: "starter", card: newCard(APPROVE) })
    ).json()) as Result;
    expect(second.status).toBe("approved");
    expect(await planOf(community.id)).toBe("starter");
    expect((await orderRow(first.orderId))?.status).toBe("declined");
    expect(await chargesOf(owner.user.id)).toBe(1);
  });
});

describe("a renewal given up, then approved after all", () => {
  it("while another renewal holds its period: stays declined, and its money goes back", async () => {
    const { payer, community } = await setup();
    await payOk(payer, { communityId: community.id, card: newCard(APPROVE), saveCard: true });
    const sub = (await env.DB.prepare("select id, current_period_end as e from user_subscriptions where user_id = ?")
      .bind(payer.user.id)
      .first<{ id: string; e: number }>())!;
    const [givenUp, paid] = [newId(), newId()];
    const renewal = (id: string, status: string) =>
      env.DB.prepare(
        `insert into payment_orders (id, user_id, community_id, subscription_id, kind, amount, status, period_start, created_at, updated_at)
         values (?, ?, ?, ?, 'renewal', 2500, ?, ?, ?, ?)`,
      ).bind(id, payer.user.id, community.id, sub.id, status, sub.e, Date.now(), Date.now());
    await env.DB.batch([renewal(givenUp, "declined"), renewal(paid, "approved")]);
    // The provider took the given-up renewal's money after all (its answer had been lost).
    sandboxOrders.set(givenUp, {
      orderId: givenUp,
      paymentId: 900_000_001,
      amount: 2500,
      currency: "GEL",
      description: "Renewal",
      status: "approved",
      callbackUrl: null,
      email: payer.user.email,
      wantsToken: false,
      approveOnCharge: true,
      maskedCard: "444455XXXXXX6666",
      cardType: "VISA",
      expiresAt: null,
      reversalAmount: 0,
      declineReason: null,
      md: null,
      responseUrl: null,
      createdAt: Date.now(),
    });
    const said = { order_id: givenUp, order_status: "approved", amount: "2500", currency: "GEL" };
    expect((await postCallback(await signedCallback(said))).status).toBe(200);
    expect((await provider().status(givenUp)).status).toBe("reversed");
    expect((await orderRow(givenUp))?.status).toBe("declined");
    expect((await orderRow(paid))?.status).toBe("approved");
  });
});
