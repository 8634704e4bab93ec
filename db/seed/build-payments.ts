import { CARDS, SUBSCRIPTIONS } from "./payments.ts";
import { COMMUNITIES, STARTER_PLAN_PRICE } from "./communities.ts";
import { addMonths, ago, joined, must, push, type SeedContext } from "./context.ts";
import { seedId, uid } from "./people.ts";

/**
 * Saved cards, monthly subscriptions and one approved order per billing period. A community
 * subscription also records the paid access on the member row (see `buildMembers`).
 */
export function buildPayments(ctx: SeedContext): void {
  const cardId = new Map<string, string>();
  CARDS.forEach((card, i) => {
    const id = seedId(14, i + 1);
    cardId.set(card.user, id);
    const first = Math.min(...SUBSCRIPTIONS.filter((s) => s.user === card.user).map((s) => ago(ctx, s.startDaysAgo)));
    const savedAt = first - 60_000;
    push(ctx, "user_payment_methods", {
      id,
      user_id: uid(card.user),
      provider: "flitt",
      // Placeholder token: the local Flitt sandbox will decline a renewal charged to it.
      rectoken: `seed-rectoken-${card.user}`,
      rectoken_lifetime: Date.UTC(card.expiryYear, card.expiryMonth, 1),
      card_type: "VISA",
      masked_card: card.maskedCard,
      last_four: card.lastFour,
      expiry_month: card.expiryMonth,
      expiry_year: card.expiryYear,
      is_active: true,
      is_default: true,
      created_at: savedAt,
      updated_at: savedAt,
    });
  });

  let orderN = 0;
  SUBSCRIPTIONS.forEach((s, i) => {
    const id = seedId(15, i + 1);
    const community = must(
      COMMUNITIES.find((c) => c.key === s.community),
      s.community,
    );
    const amount = s.type === "creator_plan" ? STARTER_PLAN_PRICE : community.price;
    const paymentMethodId = must(cardId.get(s.user), `card of ${s.user}`);
    const start = s.type === "community" ? joined(ctx, s.community, s.user) : ago(ctx, s.startDaysAgo);
    let periodStart = start;
    const orderIds: string[] = [];
    for (let period = 0; ; period++) {
      orderN += 1;
      const orderId = seedId(16, orderN);
      orderIds.push(orderId);
      const createdAt = periodStart - 15_000;
      push(ctx, "payment_orders", {
        id: orderId,
        provider_order_id: `seed-flitt-${orderN}`,
        user_id: uid(s.user),
        community_id: must(ctx.communityId.get(s.community), s.community),
        payment_method_id: paymentMethodId,
        subscription_id: id,
        plan: s.type === "creator_plan" ? community.subscriptionPlan : null,
        kind: period > 0 ? "renewal" : s.type === "creator_plan" ? "creator_plan" : "join_community",
        amount,
        currency: "GEL",
        status: "approved",
        status_history: [
          { status: "created", at: createdAt },
          { status: "processing", at: createdAt + 2_000 },
          { status: "approved", at: periodStart },
        ],
        save_card: period === 0,
        created_at: createdAt,
        updated_at: periodStart,
      });
      const next = addMonths(periodStart, 1);
      if (next > ctx.now) break;
      periodStart = next;
    }
    const periodEnd = addMonths(periodStart, 1);
    const cancelledAt = s.cancelledDaysAgo === null ? null : ago(ctx, s.cancelledDaysAgo);
    push(ctx, "user_subscriptions", {
      id,
      user_id: uid(s.user),
      community_id: must(ctx.communityId.get(s.community), s.community),
      subscription_type: s.type,
      status: cancelledAt === null ? "active" : "cancelled",
      amount,
      currency: "GEL",
      interval: "monthly",
      payment_method_id: paymentMethodId,
      last_order_id: orderIds.at(-1),
      current_period_start: periodStart,
      current_period_end: periodEnd,
      cancelled_at: cancelledAt,
      created_at: start,
      updated_at: cancelledAt ?? periodStart,
    });
    if (s.type === "community") {
      ctx.paidAccess.set(`${s.community}:${s.user}`, { subscriptionId: id, accessUntil: periodEnd });
    }
  });
}
