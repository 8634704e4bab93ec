import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newId } from "../../../common/ids";
import { addMember, call, createCommunity, createUser, expectError, type TestUser } from "../../../tests/factories";
import {
  APPROVE,
  APPROVE_3DS,
  DECLINE,
  newCard,
  provider,
  returnFrom3ds,
  postCallback,
  sandboxCallback,
  type Result,
} from "../../../tests/payments";
import type { AppEnv } from "../../env";
import { openD1TestDb } from "../../../tests/test-db-d1";
import { runPaymentJobs } from "./renewals";

const payPlan = (u: TestUser | undefined, body: object) =>
  call("/api/payments/plan", { body, cookie: u?.cookie, headers: { "idempotency-key": newId() } });
const planOf = (id: string) =>
  env.DB.prepare("select subscription_plan, plan_limits from communities where id = ?")
    .bind(id)
    .first<{ subscription_plan: string; plan_limits: string }>();

describe("creator plans", () => {
  it("the owner pays Starter: the plan, its member limit and a monthly subscription apply once approved", async () => {
    const owner = await createUser();
    const community = await createCommunity(owner.user.id);
    const res = await payPlan(owner, { communityId: community.id, plan: "starter", card: newCard(APPROVE_3DS), saveCard: true });
    const result = (await res.json()) as Result;
    expect(result.status).toBe("requires_3ds");
    expect((await planOf(community.id))?.subscription_plan).toBe("free");
    expect(await returnFrom3ds(result)).toBe("approved");
    expect(await planOf(community.id)).toEqual({
      subscription_plan: "starter",
      plan_limits: JSON.stringify({ maxMembers: 1000 }),
    });
    const subs = (await (await call("/api/payments/subscriptions", { cookie: owner.cookie })).json()) as {
      items: { type: string; plan: string; amount: number; status: string }[];
    };
    expect(subs.items).toEqual([
      expect.objectContaining({ type: "creator_plan", plan: "starter", amount: 1900, status: "active" }),
    ]);
    await expectError(
      await payPlan(owner, { communityId: community.id, plan: "starter", card: newCard(APPROVE) }),
      409,
      "CONFLICT",
    );
  });

  it("changing to Premium ends the Starter subscription; a refund puts the community back on Free", async () => {
    const owner = await createUser();
    const community = await createCommunity(owner.user.id);
    await payPlan(owner, { communityId: community.id, plan: "starter", card: newCard(APPROVE), saveCard: true });
    const premium = (await (
      await payPlan(owner, { communityId: community.id, plan: "premium", card: newCard(APPROVE) })
    ).json()) as Result;
    expect(premium.status).toBe("approved");
    expect((await planOf(community.id))?.subscription_plan).toBe("premium");
    const statuses = await env.DB.prepare("select status from user_subscriptions where community_id = ? order by created_at")
      .bind(community.id)
      .all<{ status: string }>();
    expect(statuses.results.map((r) => r.status)).toEqual(["expired", "active"]);
    await provider().reverse(premium.orderId, 4900, "GEL");
    await postCallback(await sandboxCallback(premium.orderId));
    expect((await planOf(community.id))?.subscription_plan).toBe("free");
  });

  it("a declined card changes nothing; only the owner may pay; a cancelled plan ends with its period", async () => {
    const owner = await createUser();
    const admin = await createUser();
    const community = await createCommunity(owner.user.id);
    await addMember(community.id, admin.user.id, "admin");
    const declined = (await (
      await payPlan(owner, { communityId: community.id, plan: "business", card: newCard(DECLINE) })
    ).json()) as Result;
    expect(declined).toMatchObject({ status: "declined", message: "Payment failed" });
    expect((await planOf(community.id))?.subscription_plan).toBe("free");
    await expectError(await payPlan(admin, { communityId: community.id, plan: "starter", card: newCard(APPROVE) }), 403);
    await expectError(await payPlan(undefined, { communityId: community.id, plan: "starter", card: newCard(APPROVE) }), 401);
    const bad = await expectError(await payPlan(owner, { communityId: community.id, plan: "free", card: newCard(APPROVE) }), 422);
    expect(bad.error.issues).toContainEqual({ path: "plan", message: "Invalid plan" });

    await payPlan(owner, { communityId: community.id, plan: "starter", card: newCard(APPROVE) });
    const sub = await env.DB.prepare("select id, current_period_end from user_subscriptions where community_id = ?")
      .bind(community.id)
      .first<{ id: string; current_period_end: number }>();
    await call(`/api/payments/subscriptions/${sub!.id}/cancel`, { method: "POST", cookie: owner.cookie });
    expect((await planOf(community.id))?.subscription_plan).toBe("starter");
    await runPaymentJobs(env as AppEnv, openD1TestDb(), sub!.current_period_end + 1);
    expect((await planOf(community.id))?.subscription_plan).toBe("free");
  });
});

describe("a creator plan approved when the community already has it", () => {
  it("grants nothing and is refunded", async () => {
    const owner = await createUser();
    const community = await createCommunity(owner.user.id);
    const result = (await (
      await payPlan(owner, { communityId: community.id, plan: "starter", card: newCard(APPROVE_3DS) })
    ).json()) as Result;
    // Bought meanwhile by another order (written straight: no second open order can be placed).
    const bought = newId();
    await env.DB.batch([
      env.DB.prepare("update communities set subscription_plan = 'starter' where id = ?").bind(community.id),
      env.DB.prepare(
        `insert into user_subscriptions (id, user_id, community_id, subscription_type, status, amount, current_period_start, current_period_end, created_at, updated_at)
         values (?, ?, ?, 'creator_plan', 'active', 1900, ?, ?, ?, ?)`,
      ).bind(bought, owner.user.id, community.id, Date.now(), Date.now() + 86_400_000, Date.now(), Date.now()),
    ]);
    expect(await returnFrom3ds(result)).toBe("reversed");
    expect((await provider().status(result.orderId)).status).toBe("reversed");
    const subs = await env.DB.prepare("select id, status from user_subscriptions where community_id = ?")
      .bind(community.id)
      .all<{ id: string; status: string }>();
    expect(subs.results).toEqual([{ id: bought, status: "active" }]);
    expect((await planOf(community.id))?.subscription_plan).toBe("starter");
  });
});

describe("the owner's way back to a plan not paid (the community's view)", () => {
  const unpaidPlanOf = async (u: TestUser, communityId: string) => {
    const res = await call(`/api/communities/${communityId}`, { cookie: u.cookie });
    expect(res.status).toBe(200);
    return ((await res.json()) as { viewer: { unpaidPlan: unknown } }).viewer.unpaidPlan;
  };

  it("names a declined plan to its owner alone, an unfinished one with its order, and nothing once paid", async () => {
    const owner = await createUser();
    const member = await createUser();
    const community = await createCommunity(owner.user.id);
    await addMember(community.id, member.user.id, "admin");
    expect(await unpaidPlanOf(owner, community.id)).toBeNull();

    await payPlan(owner, { communityId: community.id, plan: "premium", card: newCard(DECLINE) });
    expect(await unpaidPlanOf(owner, community.id)).toEqual({ plan: "premium", unfinishedOrderId: null });
    expect(await unpaidPlanOf(member, community.id)).toBeNull();
    expect(
      ((await (await call(`/api/communities/${community.id}`)).json()) as { viewer: { unpaidPlan: unknown } }).viewer.unpaidPlan,
    ).toBeNull();
    // An edit answers the same view.
    const edited = await call(`/api/communities/${community.id}`, {
      method: "PATCH",
      body: { description: "Edited while the plan waits to be paid." },
      cookie: owner.cookie,
    });
    expect(((await edited.json()) as { viewer: { unpaidPlan: unknown } }).viewer.unpaidPlan).toEqual({
      plan: "premium",
      unfinishedOrderId: null,
    });

    const open = (await (
      await payPlan(owner, { communityId: community.id, plan: "starter", card: newCard(APPROVE_3DS) })
    ).json()) as Result;
    expect(await unpaidPlanOf(owner, community.id)).toEqual({ plan: "starter", unfinishedOrderId: open.orderId });

    const paid = (await (
      await payPlan(owner, { communityId: community.id, plan: "starter", card: newCard(APPROVE), abandonedOrderId: open.orderId })
    ).json()) as Result;
    expect(paid.status).toBe("approved");
    expect(await unpaidPlanOf(owner, community.id)).toBeNull();
  });
});
