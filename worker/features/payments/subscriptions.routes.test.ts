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
});
