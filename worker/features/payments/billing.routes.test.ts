import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { CommunityPayment, Receipt } from "../../../common/contract/billing";
import { newId } from "../../../common/ids";
import { addMember, call, createUser, expectError, lastMailTo } from "../../../tests/factories";
import {
  APPROVE,
  canRead,
  newCard,
  paidCommunity,
  payOk,
  postCallback,
  receiptsFor,
  refund,
  sandboxCallback,
} from "../../../tests/payments";
import { parseQueryStats } from "../../lib/query-count";

const roundTrips = (res: Response) => parseQueryStats(res.headers.get("server-timing"))?.roundTrips;

/** A paid (subscription) community with a member who paid 25 ₾ for it. */
async function paidMembership() {
  const owner = await createUser();
  const payer = await createUser();
  const community = await paidCommunity(owner.user.id);
  const paid = await payOk(payer, { communityId: community.id, card: newCard(APPROVE) });
  expect(paid.status).toBe("approved");
  return { owner, payer, community, orderId: paid.orderId };
}

describe("receipts and billing history", () => {
  it("writes one receipt per charge, mails it in the payer's language, and shows it to the payer only", async () => {
    const owner = await createUser();
    const payer = await createUser();
    await env.DB.prepare("update users set language = 'ka' where id = ?").bind(payer.user.id).run();
    const community = await paidCommunity(owner.user.id);
    const { orderId } = await payOk(payer, { communityId: community.id, card: newCard(APPROVE) });

    const list = await call("/api/payments/receipts", { cookie: payer.cookie });
    expect(list.status).toBe(200);
    expect(roundTrips(list)).toBe(1);
    const { items } = (await list.json()) as { items: Receipt[] };
    expect(items).toHaveLength(1);
    const receipt = items[0]!;
    expect(receipt).toMatchObject({
      kind: "charge",
      item: "join_community",
      amount: 2500,
      currency: "GEL",
      lastFour: "6666",
      community: { id: community.id },
    });
    expect(receipt.number).toMatch(/^AG-\d{4}-\d{6}$/);
    expect(receipt.periodEnd! > receipt.periodStart!).toBe(true);

    // The mail goes after the answer: wait for it through the outbox, not the clock.
    await expect.poll(async () => (await lastMailTo(payer.user.email))?.subject).toBe(`თქვენი ქვითარი ${receipt.number}`);
    expect((await lastMailTo(payer.user.email))!.text).toContain("₾25.00");

    const one = await call(`/api/payments/receipts/${receipt.id}`, { cookie: payer.cookie });
    expect(one.status).toBe(200);
    expect(roundTrips(one)).toBe(1);
    expect(((await one.json()) as Receipt).number).toBe(receipt.number);
    await expectError(await call(`/api/payments/receipts/${receipt.id}`, { cookie: owner.cookie }), 404);
    await expectError(await call(`/api/payments/receipts/${receipt.id}`), 401);
    await expectError(await call("/api/payments/receipts"), 401);

    // The provider's callback settles the same order again: still one receipt.
    const callback = await postCallback(await sandboxCallback(orderId));
    await callback.body?.cancel();
    expect(await receiptsFor(orderId)).toEqual([{ kind: "charge", amount: 2500, refund_key: null }]);
  });
});

describe("a community's payments and refunds", () => {
  it("shows the payments page to the owner, admins and staff; refuses everyone else", async () => {
    const { owner, payer, community, orderId } = await paidMembership();
    const admin = await createUser();
    const moderator = await createUser();
    const staff = await createUser({ staff: true });
    const stranger = await createUser();
    await addMember(community.id, admin.user.id, "admin");
    await addMember(community.id, moderator.user.id, "moderator");
    const page = (cookie?: string) => call(`/api/payments/communities/${community.id}`, { cookie });

    const seen = await page(owner.cookie);
    expect(seen.status).toBe(200);
    expect(roundTrips(seen)).toBe(1);
    const body = (await seen.json()) as { items: CommunityPayment[]; upcoming: { payer: { id: string } }[]; canRefund: boolean };
    expect(body.items).toEqual([
      expect.objectContaining({
        orderId,
        status: "approved",
        amount: 2500,
        refunded: 0,
        payer: expect.objectContaining({ id: payer.user.id }),
      }),
    ]);
    expect(body.upcoming.map((u) => u.payer.id)).toEqual([payer.user.id]);
    expect(body.canRefund).toBe(true);
    expect(((await (await page(admin.cookie)).json()) as { canRefund: boolean }).canRefund).toBe(false);
    expect(((await (await page(staff.cookie)).json()) as { canRefund: boolean }).canRefund).toBe(true);
    await expectError(await page(moderator.cookie), 403);
    await expectError(await page(payer.cookie), 403);
    await expectError(await page(stranger.cookie), 403);
    await expectError(await page(), 401);
  });

  it("refunds part (access stays) and the rest (access ends), each once; refuses others and too much", async () => {
    const { owner, payer, community, orderId } = await paidMembership();
    const admin = await createUser();
    const moderator = await createUser();
    const stranger = await createUser();
    await addMember(community.id, admin.user.id, "admin");
    await addMember(community.id, moderator.user.id, "moderator");
    for (const someone of [payer, moderator, admin, stranger]) await expectError(await refund(someone, orderId, 500), 403);
    await expectError(await refund(undefined, orderId, 500), 401);
    await expectError(await refund(owner, newId(), 500), 404);
    const refused = await expectError(await refund(owner, orderId, 2501), 422);
    expect(refused.error.issues).toEqual([{ path: "amount", message: "At most ₾25.00 can be refunded" }]);
    await expectError(await refund(owner, orderId, 0), 422);

    const key = newId();
    const part = await refund(owner, orderId, 1000, key);
    expect(part.status).toBe(200);
    expect(roundTrips(part)).toBe(2);
    expect(await part.json()).toMatchObject({ status: "approved", refunded: 1000 });
    const again = await refund(owner, orderId, 1000, key);
    expect(await again.json()).toMatchObject({ status: "approved", refunded: 1000 });
    expect(await canRead(payer, community.id)).toBe(true);
    await expectError(await refund(owner, orderId, 1501), 422);

    const restKey = newId();
    const rest = await refund(owner, orderId, 1500, restKey);
    expect(rest.status).toBe(200);
    expect(roundTrips(rest)).toBe(2);
    expect(await rest.json()).toMatchObject({ status: "reversed", refunded: 2500 });
    expect(await (await refund(owner, orderId, 1500, restKey)).json()).toMatchObject({ status: "reversed", refunded: 2500 });
    expect(await canRead(payer, community.id)).toBe(false);
    expect(await receiptsFor(orderId)).toEqual([
      { kind: "charge", amount: 2500, refund_key: null },
      { kind: "refund", amount: 1000, refund_key: key },
      { kind: "refund", amount: 1500, refund_key: restKey },
    ]);
    await expectError(await refund(owner, orderId, 1), 422);
    const { items } = (await (await call("/api/payments/receipts", { cookie: payer.cookie })).json()) as { items: Receipt[] };
    expect(items.map((r) => [r.kind, r.amount])).toEqual([
      ["refund", 1500],
      ["refund", 1000],
      ["charge", 2500],
    ]);
  });

  it("lets staff refund any community's payment in full", async () => {
    const { payer, community, orderId } = await paidMembership();
    const staff = await createUser({ staff: true });
    const res = await refund(staff, orderId, 2500);
    expect(await res.json()).toMatchObject({ status: "reversed", refunded: 2500 });
    expect(await canRead(payer, community.id)).toBe(false);
  });

  it("a creator plan's renewal is the platform's: not on the owner's payments page, and not refundable there", async () => {
    const { owner, community, orderId } = await paidMembership();
    const plan = await call("/api/payments/plan", {
      body: { communityId: community.id, plan: "premium", card: newCard(APPROVE) },
      cookie: owner.cookie,
      headers: { "idempotency-key": newId() },
    });
    expect(await plan.json()).toMatchObject({ status: "approved" });
    const sub = await env.DB.prepare(
      "select id, amount from user_subscriptions where community_id = ? and subscription_type = 'creator_plan'",
    )
      .bind(community.id)
      .first<{ id: string; amount: number }>();
    // The plan's renewal, as the renewal job writes it: an order of kind renewal on the plan's subscription.
    const renewal = newId();
    await env.DB.prepare(
      `insert into payment_orders (id, user_id, community_id, subscription_id, kind, amount, currency, status, created_at, updated_at)
       values (?, ?, ?, ?, 'renewal', ?, 'GEL', 'approved', ?, ?)`,
    )
      .bind(renewal, owner.user.id, community.id, sub!.id, sub!.amount, Date.now(), Date.now())
      .run();
    const page = (await (await call(`/api/payments/communities/${community.id}`, { cookie: owner.cookie })).json()) as {
      items: CommunityPayment[];
    };
    expect(page.items.map((p) => p.orderId)).toEqual([orderId]);
    await expectError(await refund(owner, renewal, sub!.amount), 404);
  });
});
