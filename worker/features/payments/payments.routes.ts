import { sql } from "drizzle-orm";
import { communityParams } from "../../../common/contract/communities";
import { plans } from "../../../common/catalog";
import { payments } from "../../../common/contract/payments";
import { newId } from "../../../common/ids";
import { visibleCommunity } from "../../lib/access";
import { batch } from "../../lib/db";
import { AppError, forbidden, notFound, unauthenticated } from "../../lib/errors";
import { idempotency } from "../../lib/idempotency";
import { hasMemberAccess, isListed } from "../../lib/permissions";
import { assertUnderLimit, hitStatement, rateLimitRules } from "../../lib/rate-limit";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { requireUser, sessionToken, sessionUserId } from "../../lib/session";
import { communityFor } from "../../lib/community-row";
import { chargeOrder, payWithOf, savedCardToken } from "./charge";
import { orderStatement, resultOf } from "./orders";
import { paymentDeps } from "./payment-context";
import { settleOrder } from "./settle";

const keyRequired = () =>
  new AppError("VALIDATION_FAILED", "A payment needs an Idempotency-Key, so a retry cannot charge twice.", {
    issues: [{ path: "idempotency-key", message: "Required" }],
  });

/**
 * An unfinished order of the same kind for the same community blocks a second one (two tabs, double
 * clicks) for as long as it can still be approved: until it is settled, or the reconciliation job
 * declares it expired. A time window would let a second charge through while the first 3-D Secure
 * challenge is still open at the bank.
 */
const openOrder = (kind: "join_community" | "creator_plan", communityId: string, userId: string | null) =>
  sql`exists (select 1 from payment_orders where community_id = ${communityId} and kind = ${kind}
        and status in ('created', 'processing') ${userId === null ? sql`` : sql`and user_id = ${userId}`})`;

export const paymentsRoutes = [
  route(payments.joinCommunity, async (c) => {
    const body = c.req.valid("json");
    const db = c.var.db;
    const token = await sessionToken(c);
    const key = c.req.valid("header")["idempotency-key"];
    if (!key) throw keyRequired();
    // The card itself never takes part in the key's request hash: only what identifies the action.
    const once = await idempotency(db, {
      key,
      scope: payments.joinCommunity.route,
      request: { communityId: body.communityId, paymentMethodId: body.paymentMethodId ?? null, saveCard: body.saveCard },
      owner: sessionUserId(token),
    });
    // The caller, the community and the key's claim in one round trip; a retry answers before any check.
    const found = communityFor(db, token, communityParams.parse({ id: body.communityId }).id);
    const limit = hitStatement(db, rateLimitRules.paymentOrders, once.ifNew(sessionUserId(token)));
    const checks = await batch(db, [found.query, ...once.lookup, limit]);
    const { user, actor, row } = found.read(c, checks(found.query));
    if (!user) throw unauthenticated();
    const earlier = once.earlier(checks);
    if (earlier) return respond(c, payments.joinCommunity, await currentResult(c, earlier));
    assertUnderLimit(rateLimitRules.paymentOrders, checks(limit));
    const community = visibleCommunity(actor, row);
    if (!isListed(community)) throw new AppError("CONFLICT", "This community is not open for new members.");
    if (!community.isPaid) throw new AppError("CONFLICT", "This community is free: join it without paying.");
    if (community.membership && hasMemberAccess(actor, community, community.membership))
      throw new AppError("ALREADY_MEMBER", "You are already a member of this community.");
    const max = community.planLimits.maxMembers;
    if (max !== null && !community.membership && community.membersCount >= max)
      throw new AppError("CONFLICT", "This community has reached its member limit.");

    const deps = paymentDeps(c);
    const payWith = payWithOf(body, deps.provider.mode);
    const rectoken = "paymentMethodId" in payWith ? await savedCardToken(deps, user.id, payWith.paymentMethodId) : undefined;

    const orderId = newId();
    const now = Date.now();
    const subscriptionId = community.paymentType === "subscription" ? newId() : null;
    const insert = db.run(
      sql`insert into payment_orders (id, user_id, community_id, payment_method_id, subscription_id, kind, amount, currency, status,
            status_history, save_card, created_at, updated_at)
          select ${orderId}, ${user.id}, ${community.id}, ${body.paymentMethodId ?? null}, ${subscriptionId}, 'join_community',
            ${community.price}, ${community.currency}, 'created', ${JSON.stringify([{ status: "created", at: now }])},
            ${body.paymentMethodId ? 0 : body.saveCard ? 1 : 0}, ${now}, ${now}
          where not ${openOrder("join_community", community.id, user.id)}`,
    );
    const created = orderStatement(db, orderId);
    const written = await once.write(user.id, orderId, [insert, created]);
    if ("earlier" in written) return respond(c, payments.joinCommunity, await currentResult(c, written.earlier));
    const order = written.read(created);
    if (!order)
      throw new AppError("CONFLICT", "A payment for this community is already in progress. Please wait for it to finish.");

    const result = await chargeOrder(
      deps,
      {
        orderId,
        amount: order.amount,
        currency: order.currency,
        description: `Membership: ${community.name}`.slice(0, 1024),
        email: body.email ?? user.email,
        saveCard: order.save_card === 1,
        callbackUrl: "",
        token: rectoken,
      },
      payWith,
    );
    return respond(c, payments.joinCommunity, result);
  }),
  // A creator plan for the caller's own community: the plan applies once the order is approved.
  route(payments.payPlan, async (c) => {
    const body = c.req.valid("json");
    const db = c.var.db;
    const token = await sessionToken(c);
    const key = c.req.valid("header")["idempotency-key"];
    if (!key) throw keyRequired();
    const once = await idempotency(db, {
      key,
      scope: payments.payPlan.route,
      request: { communityId: body.communityId, plan: body.plan, paymentMethodId: body.paymentMethodId ?? null },
      owner: sessionUserId(token),
    });
    const found = communityFor(db, token, communityParams.parse({ id: body.communityId }).id);
    const limit = hitStatement(db, rateLimitRules.paymentOrders, once.ifNew(sessionUserId(token)));
    const checks = await batch(db, [found.query, ...once.lookup, limit]);
    const { user, actor, row } = found.read(c, checks(found.query));
    if (!user) throw unauthenticated();
    const earlier = once.earlier(checks);
    if (earlier) return respond(c, payments.payPlan, await currentResult(c, earlier));
    assertUnderLimit(rateLimitRules.paymentOrders, checks(limit));
    const community = visibleCommunity(actor, row);
    if (community.creatorId !== user.id) throw forbidden("Only the owner can choose this community's plan.");
    if (community.subscriptionPlan === body.plan) throw new AppError("CONFLICT", "This community is already on that plan.");
    const deps = paymentDeps(c);
    const payWith = payWithOf(body, deps.provider.mode);
    const rectoken = "paymentMethodId" in payWith ? await savedCardToken(deps, user.id, payWith.paymentMethodId) : undefined;
    const orderId = newId();
    const now = Date.now();
    const plan = plans[body.plan];
    const created = orderStatement(db, orderId);
    const written = await once.write(user.id, orderId, [
      db.run(
        sql`insert into payment_orders (id, user_id, community_id, payment_method_id, subscription_id, plan, kind, amount, currency,
              status, status_history, save_card, created_at, updated_at)
            select ${orderId}, ${user.id}, ${community.id}, ${body.paymentMethodId ?? null}, ${newId()}, ${plan.id}, 'creator_plan',
              ${plan.price}, ${plan.currency}, 'created', ${JSON.stringify([{ status: "created", at: now }])},
              ${body.paymentMethodId ? 0 : body.saveCard ? 1 : 0}, ${now}, ${now}
            where not ${openOrder("creator_plan", community.id, null)}`,
      ),
      created,
    ]);
    if ("earlier" in written) return respond(c, payments.payPlan, await currentResult(c, written.earlier));
    const order = written.read(created);
    if (!order)
      throw new AppError("CONFLICT", "A payment for this community's plan is already in progress. Please wait for it to finish.");
    const result = await chargeOrder(
      deps,
      {
        orderId,
        amount: order.amount,
        currency: order.currency,
        description: `Plan ${plan.id}: ${community.name}`.slice(0, 1024),
        email: body.email ?? user.email,
        saveCard: order.save_card === 1,
        callbackUrl: "",
        token: rectoken,
      },
      payWith,
    );
    return respond(c, payments.payPlan, result);
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
