import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createUser, expectError } from "../../../tests/factories";
import { APPROVE, canRead, newCard, paidCommunity, payOk } from "../../../tests/payments";

type Sub = {
  id: string;
  status: string;
  currentPeriodEnd: number;
  cancelledAt: number | null;
  canResubscribe: boolean;
  community: { id: string };
};

describe("subscriptions", () => {
  it("lists, cancels to the period end (access stays), resubscribes; only the subscriber can", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    await payOk(payer, { communityId: community.id, card: newCard(APPROVE) });
    const { items } = (await (await call("/api/payments/subscriptions", { cookie: payer.cookie })).json()) as { items: Sub[] };
    expect(items).toHaveLength(1);
    const sub = items[0]!;
    expect(sub).toMatchObject({ status: "active", community: { id: community.id }, cancelledAt: null });
    await expectError(await call(`/api/payments/subscriptions/${sub.id}/cancel`, { method: "POST", cookie: owner.cookie }), 404);
    const cancelled = (await (
      await call(`/api/payments/subscriptions/${sub.id}/cancel`, { method: "POST", cookie: payer.cookie })
    ).json()) as Sub;
    expect(cancelled).toMatchObject({ status: "cancelled", currentPeriodEnd: sub.currentPeriodEnd, canResubscribe: true });
    expect(cancelled.cancelledAt).toBeGreaterThan(0);
    expect(await canRead(payer, community.id)).toBe(true);
    await expectError(await call(`/api/payments/subscriptions/${sub.id}/cancel`, { method: "POST", cookie: payer.cookie }), 409);
    const again = (await (
      await call(`/api/payments/subscriptions/${sub.id}/resubscribe`, { method: "POST", cookie: payer.cookie })
    ).json()) as Sub;
    expect(again).toMatchObject({ status: "active", cancelledAt: null });
    await expectError(await call("/api/payments/subscriptions"), 401);
  });

  it("paid with a card not saved, it ends with its period; resubscribing needs a saved card and renews with it", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    await payOk(payer, { communityId: community.id, card: newCard(APPROVE), saveCard: false });
    const list = async () =>
      ((await (await call("/api/payments/subscriptions", { cookie: payer.cookie })).json()) as { items: Sub[] }).items;
    const [sub] = await list();
    // Nothing to renew with: it is cancelled from the start, and the access paid for stays to its end.
    expect(sub).toMatchObject({ status: "cancelled", canResubscribe: true });
    expect(sub!.cancelledAt).toBeGreaterThan(0);
    expect(await canRead(payer, community.id)).toBe(true);
    const resubscribe = () =>
      call(`/api/payments/subscriptions/${sub!.id}/resubscribe`, { method: "POST", cookie: payer.cookie });
    const refused = await expectError(await resubscribe(), 409, "CONFLICT");
    expect(refused.error.message).toBe("Save a card to renew this subscription: renewals are charged to it.");
    expect((await list())[0]).toMatchObject({ status: "cancelled" });

    // A card saved since (paying for another community with it): resubscribing renews with that card.
    const other = await paidCommunity(owner.user.id);
    await payOk(payer, { communityId: other.id, card: newCard(APPROVE), saveCard: true });
    expect(await resubscribe().then((r) => r.json())).toMatchObject({ status: "active", cancelledAt: null });
    const card = await env.DB.prepare("select id from user_payment_methods where user_id = ? and is_active = 1")
      .bind(payer.user.id)
      .first<{ id: string }>();
    const renewsWith = await env.DB.prepare("select payment_method_id as id from user_subscriptions where id = ?")
      .bind(sub!.id)
      .first<{ id: string }>();
    expect(renewsWith?.id).toBe(card?.id);
  });

  it("a creator's plan paid with a card not saved ends with its month", async () => {
    const creator = await createUser();
    const community = await paidCommunity(creator.user.id);
    const paid = await call("/api/payments/plan", {
      body: { communityId: community.id, plan: "premium", card: newCard(APPROVE), saveCard: false },
      cookie: creator.cookie,
      headers: { "idempotency-key": `plan-${community.id}` },
    });
    expect(await paid.json()).toMatchObject({ status: "approved" });
    const { items } = (await (await call("/api/payments/subscriptions", { cookie: creator.cookie })).json()) as { items: Sub[] };
    expect(items.find((i) => i.community.id === community.id)).toMatchObject({ status: "cancelled", canResubscribe: true });
  });
});
