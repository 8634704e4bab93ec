import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { plans } from "../../../common/catalog";
import { createUser, expectError } from "../../../tests/factories";
import {
  APPROVE,
  APPROVE_3DS,
  canRead,
  counts,
  expectNothingGranted,
  newCard,
  paidCommunity,
  pay,
  payOk,
  returnFrom3ds,
} from "../../../tests/payments";

/**
 * Paid memberships are part of the Starter plan and above (DESIGN.md section 4). A community keeps
 * its price when its plan ends (or was chosen and never paid): it then takes no new paid member.
 */

async function setup() {
  const owner = await createUser();
  const payer = await createUser();
  const community = await paidCommunity(owner.user.id);
  return { owner, payer, community };
}

const moveToFree = (communityId: string) =>
  env.DB.prepare("update communities set subscription_plan = 'free', plan_features = ? where id = ?")
    .bind(JSON.stringify(plans.free.features), communityId)
    .run();

describe("a paid join on a plan without paid memberships", () => {
  it("is refused before any order is written", async () => {
    const { payer, community } = await setup();
    await moveToFree(community.id);
    const refused = await expectError(await pay(payer, { communityId: community.id, card: newCard(APPROVE) }), 409, "CONFLICT");
    expect(refused.error.message).toBe("This community is not taking paid memberships right now.");
    expect(await counts(payer.user.id, community.id)).toMatchObject({ orders: 0, subscriptions: 0 });
    await expectNothingGranted(payer, community.id);
  });

  it("on Starter, goes through", async () => {
    const { payer, community } = await setup();
    expect((await payOk(payer, { communityId: community.id, card: newCard(APPROVE) })).status).toBe("approved");
    expect(await canRead(payer, community.id)).toBe(true);
  });

  it("approved after the plan lost paid memberships: nobody is let in and the money goes back", async () => {
    const { payer, community } = await setup();
    const placed = await payOk(payer, { communityId: community.id, card: newCard(APPROVE_3DS) });
    expect(placed.status).toBe("requires_3ds");
    await moveToFree(community.id);
    await returnFrom3ds(placed);
    expect(await counts(payer.user.id, community.id)).toMatchObject({ orders: 1, subscriptions: 0 });
    await expectNothingGranted(payer, community.id);
  });
});
