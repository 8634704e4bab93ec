import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newId } from "../../../common/ids";
import { stopClock } from "../../../tests/clock";
import { addMember, call, createCommunity, createUser, expectError } from "../../../tests/factories";
import {
  accessOf,
  APPROVE,
  APPROVE_3DS,
  canRead,
  counts,
  DECLINE,
  DECLINE_3DS,
  newCard,
  paidCommunity,
  pay,
  payOk,
  postCallback,
  provider,
  returnFrom3ds,
  sandboxCallback,
  signedCallback,
} from "../../../tests/payments";

const month = 31 * 24 * 60 * 60 * 1000;

describe("POST /api/payments/join with a new card", () => {
  it("lets the payer in once the order is approved: subscription, access to the period end, card saved", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    const result = await payOk(payer, { communityId: community.id, card: newCard(APPROVE), saveCard: true });
    expect(result).toMatchObject({ status: "approved", message: null });
    const access = await accessOf(community.id, payer.user.id);
    expect(access?.role).toBe("member");
    expect(access!.access_until! - Date.now()).toBeGreaterThan(27 * 24 * 60 * 60 * 1000);
    expect(access!.access_until! - Date.now()).toBeLessThan(month);
    expect(await counts(payer.user.id, community.id)).toMatchObject({ orders: 1, approved: 1, subscriptions: 1, cards: 1 });
    expect(await canRead(payer, community.id)).toBe(true);
    const card = await env.DB.prepare("select masked_card, rectoken, is_default from user_payment_methods where user_id = ?")
      .bind(payer.user.id)
      .first<{ masked_card: string; rectoken: string; is_default: number }>();
    expect(card).toMatchObject({ masked_card: "444455XXXXXX6666", is_default: 1 });
    expect(card!.rectoken.startsWith("v1.")).toBe(true);
    const order = await env.DB.prepare("select status_history, provider_order_id from payment_orders where id = ?")
      .bind(result.orderId)
      .first<{ status_history: string; provider_order_id: string }>();
    expect(JSON.parse(order!.status_history).map((s: { status: string }) => s.status)).toEqual(["created", "approved"]);
    expect(order!.provider_order_id).toBeTruthy();
    // Nothing of the card number or CVV is stored anywhere.
    const dump = JSON.stringify(await env.DB.prepare("select * from payment_orders where id = ?").bind(result.orderId).all());
    expect(dump).not.toContain(APPROVE);
  });

  it("grants access for good on a one-time payment, with no subscription and no card when not asked to save it", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id, { paymentType: "single" });
    expect((await payOk(payer, { communityId: community.id, card: newCard(APPROVE), saveCard: false })).status).toBe("approved");
    expect(await accessOf(community.id, payer.user.id)).toMatchObject({
      role: "member",
      access_until: null,
      subscription_id: null,
    });
    expect(await counts(payer.user.id, community.id)).toMatchObject({ subscriptions: 0, cards: 0 });
  });

  it("a declined card: 'Payment failed', no access, no card", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    const result = await payOk(payer, { communityId: community.id, card: newCard(DECLINE), saveCard: true });
    expect(result).toMatchObject({ status: "declined", message: "Payment failed" });
    expect(await accessOf(community.id, payer.user.id)).toBeNull();
    expect(await counts(payer.user.id)).toMatchObject({ approved: 0, subscriptions: 0, cards: 0 });
    expect(await canRead(payer, community.id)).toBe(false);
  });

  it("refuses bad card data with the spec's field messages, and charges nothing", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    const cases: [object, string, string][] = [
      [{ ...newCard(APPROVE), number: "4444555511116667" }, "card.number", "Invalid card number"],
      [{ ...newCard(APPROVE), number: "444455551111" }, "card.number", "Invalid card number"],
      [{ ...newCard(APPROVE), number: "4444 5555 1111 6666 1234" }, "card.number", "Invalid card number"],
      [{ ...newCard(APPROVE), expiry: "13/30" }, "card.expiry", "Invalid expiry date"],
      [{ ...newCard(APPROVE), expiry: "01/20" }, "card.expiry", "Invalid expiry date"],
      [{ ...newCard(APPROVE), expiry: "1230" }, "card.expiry", "Invalid expiry date"],
      [{ ...newCard(APPROVE), cvv: "12" }, "card.cvv", "Invalid CVV"],
      [{ ...newCard(APPROVE), cvv: "12345" }, "card.cvv", "Invalid CVV"],
      [{ ...newCard(APPROVE), holder: "  " }, "card.holder", "Cardholder name is required"],
    ];
    for (const [card, path, message] of cases) {
      const body = await expectError(await pay(payer, { communityId: community.id, card }), 422, "VALIDATION_FAILED");
      expect(body.error.issues).toContainEqual({ path, message });
    }
    const noMethod = await expectError(await pay(payer, { communityId: community.id }), 422);
    expect(noMethod.error.issues).toContainEqual({ path: "paymentMethodId", message: "Please select a payment method" });
    const badEmail = await expectError(
      await pay(payer, { communityId: community.id, card: newCard(APPROVE), email: "nope" }),
      422,
    );
    expect(badEmail.error.issues).toContainEqual({ path: "email", message: "Invalid email address" });
    await expectError(await pay(payer, { communityId: community.id, card: newCard(APPROVE) }, null), 422);
    expect(await counts(payer.user.id)).toMatchObject({ orders: 0 });
  });

  it("the hosted checkout is refused in direct mode, before any order", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    await expectError(await pay(payer, { communityId: community.id, hosted: true }), 409, "NOT_AVAILABLE");
    expect(await counts(payer.user.id)).toMatchObject({ orders: 0 });
    const both = await expectError(await pay(payer, { communityId: community.id, hosted: true, card: newCard(APPROVE) }), 422);
    expect(both.error.issues?.[0]?.path).toBe("card");
  });

  it("accepts spaces in the card number", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    const card = { ...newCard(APPROVE), number: "4444 5555 1111 6666" };
    expect((await payOk(payer, { communityId: community.id, card })).status).toBe("approved");
  });
});

describe("3-D Secure", () => {
  it("grants nothing until the bank's answer, then exactly once however often it comes back", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    const result = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS), saveCard: true });
    expect(result.status).toBe("requires_3ds");
    expect(result.threeDs).toMatchObject({
      acsUrl: "http://app.test/dev/flitt/acs",
      termUrl: `http://app.test/payments/3ds-return/${result.orderId}`,
    });
    expect(await accessOf(community.id, payer.user.id)).toBeNull();
    const pending = await call(`/api/payments/orders/${result.orderId}`, { cookie: payer.cookie });
    expect(((await pending.json()) as { status: string }).status).toBe("pending");
    expect(await returnFrom3ds(result)).toBe("approved");
    expect(await canRead(payer, community.id)).toBe(true);
    // The frame posted twice, the callback replayed: still one grant, one subscription, one card.
    expect(await returnFrom3ds(result)).toBe("approved");
    expect((await postCallback(await sandboxCallback(result.orderId))).status).toBe(200);
    expect(await counts(payer.user.id, community.id)).toMatchObject({ approved: 1, subscriptions: 1, cards: 1 });
    const done = await call(`/api/payments/orders/${result.orderId}`, { cookie: payer.cookie });
    expect(await done.json()).toMatchObject({ status: "approved", communityId: community.id });
  });

  it("a failed authentication or a declining 3-D Secure card grants nothing", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    const failed = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    expect(await returnFrom3ds(failed, false)).toBe("declined");
    const declined = await payOk(payer, { communityId: community.id, card: newCard(DECLINE_3DS) });
    expect(await returnFrom3ds(declined, true)).toBe("declined");
    expect(await accessOf(community.id, payer.user.id)).toBeNull();
    expect(await counts(payer.user.id)).toMatchObject({ approved: 0, subscriptions: 0, cards: 0 });
    // The payer's page tells the two apart (the spec's '3DSecure authentication failed' and '3DSecure payment failed').
    const read = async (orderId: string) => (await call(`/api/payments/orders/${orderId}`, { cookie: payer.cookie })).json();
    expect(await read(failed.orderId)).toMatchObject({ status: "declined", failure: "authentication" });
    expect(await read(declined.orderId)).toMatchObject({ status: "declined", failure: "declined" });
  });

  it("an abandoned challenge (timeout) leaves the order pending and grants nothing", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    const result = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    const res = await call(`/api/payments/orders/${result.orderId}`, { cookie: payer.cookie });
    expect(await res.json()).toMatchObject({ status: "pending" });
    expect(await accessOf(community.id, payer.user.id)).toBeNull();
  });

  it("a forged bank answer grants nothing", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    const result = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    const res = await call(`/payments/3ds-return/${result.orderId}`, {
      method: "POST",
      rawBody: new URLSearchParams({ MD: result.threeDs!.md, PaRes: btoa(`${result.threeDs!.md}:Y`) + "x" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(await res.text()).toContain('data-payment-status="declined"');
    expect(await accessOf(community.id, payer.user.id)).toBeNull();
  });

  it("the callback can come before the payer's frame returns: one grant either way", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    const result = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    const { bankAnswer } = await import("../../../tests/payments");
    await provider().complete3ds(result.orderId, { md: result.threeDs!.md, pares: await bankAnswer(result.threeDs!.md) });
    expect((await postCallback(await sandboxCallback(result.orderId))).status).toBe(200);
    expect(await canRead(payer, community.id)).toBe(true);
    expect(await returnFrom3ds(result)).toBe("approved");
    expect(await counts(payer.user.id, community.id)).toMatchObject({ approved: 1, subscriptions: 1 });
  });
});

describe("double clicks, two tabs and retries", () => {
  it("the same Idempotency-Key makes one order and one charge", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    const key = newId();
    const body = { communityId: community.id, card: newCard(APPROVE) };
    const [a, b] = await Promise.all([pay(payer, body, key), pay(payer, body, key)]);
    const ids = [((await a.json()) as { orderId?: string }).orderId, ((await b.json()) as { orderId?: string }).orderId];
    expect(ids[0]).toBe(ids[1]);
    const again = await payOk(payer, body, key);
    expect(again.orderId).toBe(ids[0]);
    expect(await counts(payer.user.id, community.id)).toMatchObject({ orders: 1, approved: 1, subscriptions: 1 });
  });

  it("a second tab cannot start another payment while one is in progress", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    await expectError(await pay(payer, { communityId: community.id, card: newCard(APPROVE) }), 409, "CONFLICT");
    expect(await counts(payer.user.id, community.id)).toMatchObject({ orders: 1, approved: 0 });
  });

  it("paying again once in: 409 already a member, nothing charged", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    await payOk(payer, { communityId: community.id, card: newCard(APPROVE) });
    await expectError(await pay(payer, { communityId: community.id, card: newCard(APPROVE) }), 409, "ALREADY_MEMBER");
    expect(await counts(payer.user.id, community.id)).toMatchObject({ orders: 1, approved: 1 });
  });

  it("the community filling up while paying: approved, not let in, refunded", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const other = await createUser();
    const community = await paidCommunity(owner.user.id, { maxMembers: 2 });
    const result = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    await addMember(community.id, other.user.id);
    expect(await returnFrom3ds(result)).toBe("reversed");
    expect(await accessOf(community.id, payer.user.id)).toBeNull();
    expect((await provider().status(result.orderId)).status).toBe("reversed");
    expect(await counts(payer.user.id, community.id)).toMatchObject({ approved: 0, subscriptions: 0 });
  });

  it("a full community is refused before any charge", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id, { maxMembers: 1 });
    await expectError(await pay(payer, { communityId: community.id, card: newCard(APPROVE) }), 409, "CONFLICT");
    expect(await counts(payer.user.id)).toMatchObject({ orders: 0 });
  });
});

describe("callbacks", () => {
  async function approvedJoin() {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    const result = await payOk(payer, { communityId: community.id, card: newCard(APPROVE), saveCard: true });
    return { owner, payer, community, result };
  }

  it("refuse a missing, wrong or tampered signature (400) and change nothing", async () => {
    const { payer, community, result } = await approvedJoin();
    const real = await sandboxCallback(result.orderId);
    const bad = [
      { ...real, signature: undefined },
      { ...real, signature: "0".repeat(40) },
      { ...real, order_status: "reversed" },
      { ...real, amount: "1" },
      { ...real, currency: "USD" },
      { ...real, merchant_id: 1 },
      "not json",
      [],
    ];
    for (const body of bad) expect((await postCallback(body)).status).toBe(400);
    expect(await canRead(payer, community.id)).toBe(true);
    expect(await counts(payer.user.id, community.id)).toMatchObject({ approved: 1, subscriptions: 1 });
  });

  it("a signed callback that misstates the status changes nothing: the status API decides", async () => {
    const { payer, community, result } = await approvedJoin();
    const real = await sandboxCallback(result.orderId);
    for (const status of ["reversed", "declined", "expired", "processing"]) {
      const { signature: _drop, ...fields } = real;
      void _drop;
      expect((await postCallback(await signedCallback({ ...fields, order_status: status }))).status).toBe(200);
    }
    expect(await canRead(payer, community.id)).toBe(true);
    expect(await counts(payer.user.id, community.id)).toMatchObject({ approved: 1, subscriptions: 1 });
  });

  it("an approval for a declined order stays declined; wrong amount, currency and unknown orders are ignored", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    const declined = await payOk(payer, { communityId: community.id, card: newCard(DECLINE) });
    const base = { order_id: declined.orderId, amount: "2500", currency: "GEL" };
    for (const fields of [
      { ...base, order_status: "approved" },
      { ...base, order_status: "approved", amount: "1" },
      { ...base, order_status: "approved", currency: "USD" },
      { ...base, order_id: newId(), order_status: "approved" },
    ]) {
      expect((await postCallback(await signedCallback(fields))).status).toBe(200);
    }
    expect(await accessOf(community.id, payer.user.id)).toBeNull();
    expect(await counts(payer.user.id)).toMatchObject({ approved: 0, subscriptions: 0 });
  });

  it("a reversal after approval ends access", async () => {
    const { payer, community, result } = await approvedJoin();
    await provider().reverse(result.orderId, 2500, "GEL");
    expect((await postCallback(await sandboxCallback(result.orderId))).status).toBe(200);
    expect(await canRead(payer, community.id)).toBe(false);
    const sub = await env.DB.prepare("select status from user_subscriptions where user_id = ?")
      .bind(payer.user.id)
      .first<{ status: string }>();
    expect(sub?.status).toBe("expired");
    // A replayed approval cannot bring it back.
    const { signature: _s, ...fields } = await sandboxCallback(result.orderId);
    void _s;
    await postCallback(await signedCallback({ ...fields, order_status: "approved", reversal_amount: "0" }));
    expect(await canRead(payer, community.id)).toBe(false);
  });
});

describe("paying with a saved card", () => {
  it("joins a second community with the saved card; another user's card is not found", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const stranger = await createUser();
    const first = await paidCommunity(owner.user.id);
    const second = await paidCommunity(owner.user.id, { paymentType: "single" });
    await payOk(payer, { communityId: first.id, card: newCard(APPROVE), saveCard: true });
    const card = await env.DB.prepare("select id from user_payment_methods where user_id = ?")
      .bind(payer.user.id)
      .first<{ id: string }>();
    await expectError(await pay(stranger, { communityId: second.id, paymentMethodId: card!.id }), 404, "NOT_FOUND");
    expect(await counts(stranger.user.id)).toMatchObject({ orders: 0 });
    expect((await payOk(payer, { communityId: second.id, paymentMethodId: card!.id })).status).toBe("approved");
    expect(await canRead(payer, second.id)).toBe(true);
    await env.DB.prepare("update user_payment_methods set is_active = 0 where id = ?").bind(card!.id).run();
    const third = await paidCommunity(owner.user.id);
    await expectError(await pay(payer, { communityId: third.id, paymentMethodId: card!.id }), 404);
  });

  it("a card whose token no longer opens is refused before any charge", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    const id = newId();
    await env.DB.prepare(
      "insert into user_payment_methods (id, user_id, rectoken, masked_card, last_four, is_default, created_at, updated_at) values (?, ?, 'seed-rectoken', '444455XXXXXX6666', '6666', 1, 0, 0)",
    )
      .bind(id, payer.user.id)
      .run();
    await expectError(await pay(payer, { communityId: community.id, paymentMethodId: id }), 409);
    expect(await counts(payer.user.id)).toMatchObject({ orders: 0 });
  });
});

describe("who may pay", () => {
  it("guests 401; free, unlisted and unknown communities are refused", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const paid = await paidCommunity(owner.user.id);
    await expectError(await pay(undefined, { communityId: paid.id, card: newCard(APPROVE) }), 401);
    const free = await createCommunity(owner.user.id);
    await expectError(await pay(payer, { communityId: free.id, card: newCard(APPROVE) }), 409, "CONFLICT");
    const review = await paidCommunity(owner.user.id);
    await env.DB.prepare("update communities set review_status = 'under_review' where id = ?").bind(review.id).run();
    await expectError(await pay(payer, { communityId: review.id, card: newCard(APPROVE) }), 404);
    await expectError(await pay(payer, { communityId: newId(), card: newCard(APPROVE) }), 404);
    await expectError(await pay(owner, { communityId: paid.id, card: newCard(APPROVE) }), 409, "ALREADY_MEMBER");
    expect(await counts(payer.user.id)).toMatchObject({ orders: 0 });
  });

  it("an order is visible only to its payer", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const other = await createUser();
    const community = await paidCommunity(owner.user.id);
    const result = await payOk(payer, { communityId: community.id, card: newCard(APPROVE) });
    await expectError(await call(`/api/payments/orders/${result.orderId}`, { cookie: other.cookie }), 404);
    await expectError(await call(`/api/payments/orders/${result.orderId}`, { cookie: owner.cookie }), 404);
    await expectError(await call(`/api/payments/orders/${result.orderId}`), 401);
  });
});

describe("the owner is told of a paid join", () => {
  const joinNotices = async (ownerId: string, payerId: string) =>
    (await env.DB.prepare(
      "select count(*) as n from notifications where recipient_id = ? and type = 'COMMUNITY_JOIN' and sender_id = ?",
    )
      .bind(ownerId, payerId)
      .first<{ n: number }>())!.n;

  it("once: COMMUNITY_JOIN from the payer, however often the approval comes back", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    const result = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    expect(await joinNotices(owner.user.id, payer.user.id)).toBe(0);
    expect(await returnFrom3ds(result)).toBe("approved");
    expect(await returnFrom3ds(result)).toBe("approved");
    for (let i = 0; i < 2; i++) expect((await postCallback(await sandboxCallback(result.orderId))).status).toBe(200);
    expect(await joinNotices(owner.user.id, payer.user.id)).toBe(1);
    const row = await env.DB.prepare("select community_id from notifications where recipient_id = ? and type = 'COMMUNITY_JOIN'")
      .bind(owner.user.id)
      .first<{ community_id: string }>();
    expect(row?.community_id).toBe(community.id);
    expect(await joinNotices(payer.user.id, payer.user.id)).toBe(0);
  });

  it("once when the approval is settled by several requests at the same moment", async () => {
    // One instant for all of them: a settle that lost the race must not take the winner's membership for its own.
    stopClock();
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    const result = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    const { bankAnswer } = await import("../../../tests/payments");
    await provider().complete3ds(result.orderId, { md: result.threeDs!.md, pares: await bankAnswer(result.threeDs!.md) });
    const callback = await sandboxCallback(result.orderId);
    await Promise.all([
      postCallback(callback),
      postCallback(callback),
      postCallback(callback),
      call(`/api/payments/orders/${result.orderId}`, { cookie: payer.cookie }),
    ]);
    expect(await canRead(payer, community.id)).toBe(true);
    expect(await joinNotices(owner.user.id, payer.user.id)).toBe(1);
  });

  it("not for a paid join that could not be let in and was refunded", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const other = await createUser();
    const community = await paidCommunity(owner.user.id, { maxMembers: 2, paymentType: "single" });
    const result = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    await addMember(community.id, other.user.id);
    expect(await returnFrom3ds(result)).toBe("reversed");
    expect(await joinNotices(owner.user.id, payer.user.id)).toBe(0);
  });
});
