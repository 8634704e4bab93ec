import { sql } from "drizzle-orm";
import type { Context } from "hono";
import { communityParams } from "../../../common/contract/communities";
import { plans, type PlanId } from "../../../common/catalog";
import { payments } from "../../../common/contract/payments";
import { newId } from "../../../common/ids";
import type { HonoEnv } from "../../env";
import { visibleCommunity } from "../../lib/access";
import { batch } from "../../lib/db";
import { AppError, forbidden, notFound, unauthenticated } from "../../lib/errors";
import { idempotency } from "../../lib/idempotency";
import { bannedFrom } from "../../lib/membership";
import { hasMemberAccess, isListed, type Actor } from "../../lib/permissions";
import { assertUnderLimit, hitStatement, rateLimitRules } from "../../lib/rate-limit";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { requireUser, sessionToken, sessionUserId } from "../../lib/session";
import { bareList } from "../../lib/sql-names";
import { paymentOrders as po } from "../../lib/tables";
import { communityFor, type CommunityRow } from "../../lib/community-row";
import { hasFeature } from "../../lib/community-plan";
import type { SessionUser } from "../../lib/session-user";
import { chargeOrder, payWithOf, savedCardToken, type PayBody } from "./charge";
import { noOpenOrder, openOrders, releaseOpenOrders, type OpenKind } from "./open-orders";
import { orderStatement, resultOf } from "./orders";
import { paymentDeps } from "./payment-context";
import { settleOrder } from "./settle";

const keyRequired = () =>
  new AppError("VALIDATION_FAILED", "A payment needs an Idempotency-Key, so a retry cannot charge twice.", {
    issues: [{ path: "idempotency-key", message: "Required" }],
  });

/** A new order's columns, in the order `placeOrder` selects their values. */
const newOrderColumns = bareList(
  po.id,
  po.userId,
  po.communityId,
  po.paymentMethodId,
  po.subscriptionId,
  po.plan,
  po.kind,
  po.amount,
  po.currency,
  po.status,
  po.statusHistory,
  po.saveCard,
  po.createdAt,
  po.updatedAt,
);

/** What a paid action orders: its price, what it charges for, and the refusals before any charge. */
type OrderSpec = {
  endpoint: typeof payments.joinCommunity | typeof payments.payPlan;
  body: PayBody & { communityId: string; saveCard: boolean; email?: string; abandonedOrderId?: string };
  key: string | undefined;
  /** What identifies the action in the key's request hash; the card itself never takes part. */
  request: Record<string, unknown>;
  /** Refuses an order the caller may not place (after a retry is answered and the budget counted). */
  check: (community: CommunityRow, user: SessionUser, actor: Actor) => void;
  kind: OpenKind;
  /** Whose unfinished order of this kind stands in this one's way: the caller's own, or anyone's. */
  openOf: "caller" | "anyone";
  /** The answer while such an order may still be completed (see open-orders.ts). */
  inProgress: string;
  order: (community: CommunityRow) => {
    amount: number;
    currency: string;
    plan: PlanId | null;
    subscriptionId: string | null;
    description: string;
  };
};

/**
 * A join or a creator plan, paid by card: the one way an order is placed. Round trips: the caller, the
 * community, the key's claim, the order budget and the open orders in the way together; when there
 * are such orders, their settling (see open-orders.ts); the order (unless one is open again); then
 * the charge. A retry with the same key answers the first order's state and charges nothing.
 */
async function placeOrder(c: Context<HonoEnv>, spec: OrderSpec) {
  const { body, endpoint } = spec;
  const db = c.var.db;
  const token = await sessionToken(c);
  if (!spec.key) throw keyRequired();
  const once = await idempotency(db, {
    key: spec.key,
    scope: endpoint.route,
    request: spec.request,
    owner: sessionUserId(token),
  });
  const communityId = communityParams.parse({ id: body.communityId }).id;
  const found = communityFor(db, token, communityId);
  const limit = hitStatement(db, rateLimitRules.paymentOrders, once.ifNew(sessionUserId(token)));
  const open = openOrders(db, spec.kind, communityId, spec.openOf === "caller" ? sessionUserId(token) : null);
  const checks = await batch(db, [found.query, ...once.lookup, limit, open]);
  const { user, actor, row } = found.read(c, checks(found.query));
  if (!user) throw unauthenticated();
  const earlier = once.earlier(checks);
  if (earlier) return respond(c, endpoint, await currentResult(c, earlier));
  assertUnderLimit(rateLimitRules.paymentOrders, checks(limit));
  let community = visibleCommunity(actor, row);
  spec.check(community, user, actor);

  const deps = paymentDeps(c);
  const inTheWay = checks(open);
  if (inTheWay.length > 0) {
    const abandoned = body.abandonedOrderId ? { orderId: body.abandonedOrderId, userId: user.id } : undefined;
    const released = await releaseOpenOrders(deps, inTheWay, Date.now(), abandoned);
    if (released.holding) throw new AppError("CONFLICT", spec.inProgress);
    if (released.approved) {
      // What it bought may be what this order is for: asked again, the refusals answer (already a
      // member, already on that plan).
      const again = communityFor(db, token, communityId);
      community = visibleCommunity(actor, again.read(c, await again.query).row);
      spec.check(community, user, actor);
    }
  }
  const payWith = payWithOf(body, deps.provider.mode);
  const rectoken = "paymentMethodId" in payWith ? await savedCardToken(deps, user.id, payWith.paymentMethodId) : undefined;
  const o = spec.order(community);
  const orderId = newId();
  const now = Date.now();
  const created = orderStatement(db, orderId);
  const written = await once.write(user.id, orderId, [
    db.run(
      sql`insert into ${po} (${newOrderColumns})
          select ${orderId}, ${user.id}, ${community.id}, ${body.paymentMethodId ?? null}, ${o.subscriptionId}, ${o.plan}, ${spec.kind},
            ${o.amount}, ${o.currency}, 'created', ${JSON.stringify([{ status: "created", at: now }])},
            ${body.paymentMethodId ? 0 : body.saveCard ? 1 : 0}, ${now}, ${now}
          where ${noOpenOrder(spec.kind, community.id, spec.openOf === "caller" ? user.id : null)}`,
    ),
    created,
  ]);
  if ("earlier" in written) return respond(c, endpoint, await currentResult(c, written.earlier));
  const order = written.read(created);
  if (!order) throw new AppError("CONFLICT", spec.inProgress);
  const result = await chargeOrder(
    deps,
    {
      orderId,
      amount: order.amount,
      currency: order.currency,
      description: o.description.slice(0, 1024),
      email: body.email ?? user.email,
      saveCard: order.save_card === 1,
      callbackUrl: "",
      token: rectoken,
    },
    payWith,
  );
  return respond(c, endpoint, result);
}

export const paymentsRoutes = [
  route(payments.joinCommunity, (c) => {
    const body = c.req.valid("json");
    return placeOrder(c, {
      endpoint: payments.joinCommunity,
      body,
      key: c.req.valid("header")["idempotency-key"],
      request: { communityId: body.communityId, paymentMethodId: body.paymentMethodId ?? null, saveCard: body.saveCard },
      check: (community, _user, actor) => {
        if (community.banned) throw bannedFrom();
        if (!isListed(community)) throw new AppError("CONFLICT", "This community is not open for new members.");
        if (!community.isPaid) throw new AppError("CONFLICT", "This community is free: join it without paying.");
        // A private community sells its membership to people whose request it approved, or whom its
        // moderators invited by name (accepting such an invitation leads here).
        const admitted = community.request?.status === "approved" || community.invited;
        if (community.visibility === "private" && !community.membership && !admitted) {
          throw new AppError("CONFLICT", "This community is private: ask to join, and pay once your request is approved.");
        }
        if (community.membership && hasMemberAccess(actor, community, community.membership))
          throw new AppError("ALREADY_MEMBER", "You are already a member of this community.");
        // Defence in depth: a price is set only on a plan with paid memberships, but a community whose
        // plan ended (or was never paid) keeps its price. A 409 like the refusals around it: the payer
        // may do this, the community cannot take it now. Refused before any order is written.
        if (!hasFeature(community, "paidMemberships"))
          throw new AppError("CONFLICT", "This community is not taking paid memberships right now.");
        const max = community.planLimits.maxMembers;
        if (max !== null && !community.membership && community.membersCount >= max)
          throw new AppError("CONFLICT", "This community has reached its member limit.");
      },
      kind: "join_community",
      openOf: "caller",
      inProgress: "A payment for this community is already in progress. Please wait for it to finish.",
      order: (community) => ({
        amount: community.price,
        currency: community.currency,
        plan: null,
        subscriptionId: community.paymentType === "subscription" ? newId() : null,
        description: `Membership: ${community.name}`,
      }),
    });
  }),
  // A creator plan for the caller's own community: the plan applies once the order is approved.
  route(payments.payPlan, (c) => {
    const body = c.req.valid("json");
    const plan = plans[body.plan];
    return placeOrder(c, {
      endpoint: payments.payPlan,
      body,
      key: c.req.valid("header")["idempotency-key"],
      request: { communityId: body.communityId, plan: body.plan, paymentMethodId: body.paymentMethodId ?? null },
      check: (community, user) => {
        if (community.creatorId !== user.id) throw forbidden("Only the owner can choose this community's plan.");
        if (community.subscriptionPlan === body.plan) throw new AppError("CONFLICT", "This community is already on that plan.");
      },
      kind: "creator_plan",
      openOf: "anyone",
      inProgress: "A payment for this community's plan is already in progress. Please wait for it to finish.",
      order: (community) => ({
        amount: plan.price,
        currency: plan.currency,
        plan: plan.id,
        subscriptionId: newId(),
        description: `Plan ${plan.id}: ${community.name}`,
      }),
    });
  }),
  route(payments.order, async (c) => {
    const user = await requireUser(c);
    const { id } = c.req.valid("param");
    const order = await orderStatement(c.var.db, id);
    if (!order || order.user_id !== user.id) throw notFound("Order not found.");
    // A pending order is asked about at the provider: the payer's page waits on this answer.
    const settled = order.status === "created" || order.status === "processing" ? await settleOrder(paymentDeps(c), id) : order;
    const result = resultOf(settled ?? order);
    return respond(c, payments.order, result.status === "declined" ? { ...result, message: "Payment failed" } : result);
  }),
];

/** A retried request answers with its first order as it stands now. */
async function currentResult(c: Parameters<typeof paymentDeps>[0], orderId: string) {
  const order = await orderStatement(c.var.db, orderId);
  if (!order) throw notFound("Order not found.");
  return resultOf(order);
}
