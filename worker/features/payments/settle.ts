import { and, eq, sql, type SQL } from "drizzle-orm";
import { log } from "../../../common/log";
import { alias } from "drizzle-orm/sqlite-core";
import { newId } from "../../../common/ids";
import type { AppEnv } from "../../env";
import { commit, revoke, type Step } from "../../lib/commit";
import type { Db } from "../../lib/db";
import { ProviderError, type PaymentProvider, type ProviderOrder } from "../../payments/provider";
import { sealToken } from "../../payments/token-vault";
import { bare, bareList, tableAs } from "../../lib/sql-names";
import { communities, paymentOrders as orders, userPaymentMethods as methods } from "../../lib/tables";
import { endAccess, grantJoin, grantPlan, grantRenewal, type Community } from "./grants";
import { historyWith, orderStatement, type OrderRow } from "./orders";
import { mailReceipts } from "./receipt-mail";
import { chargeReceipt, receiptsToMail, refundReceipt, type RefundOf } from "./receipts";

/**
 * `origin`: where links in mails point (a request's own origin; jobs without a request use APP_URL).
 * `defer`: runs work after the answer (a request's waitUntil), so a mail costs the answer no round trip.
 */
export type PaymentDeps = {
  db: Db;
  env: AppEnv;
  provider: PaymentProvider;
  origin?: string;
  defer?: (work: () => Promise<unknown>) => void;
};

/** The saved card rows a subquery looks at, and the order whose change a batch made (`mine`). */
const pm = alias(methods, "pm");
const marked = alias(orders, "marked");
const sibling = alias(orders, "sibling");

/** The changes an order may make; anything else (a replay, a late or out-of-order status) changes nothing. */
const allowed: Record<OrderRow["status"], OrderRow["status"][]> = {
  created: ["processing", "approved", "declined", "expired"],
  processing: ["approved", "declined", "expired"],
  approved: ["reversed"],
  // Only an order we gave up ourselves (declineLocally) can be approved after it: its money goes back.
  declined: ["approved"],
  expired: [],
  reversed: [],
};

const warn = (message: string, fields: Record<string, unknown>) => log("warn", message, fields);

/** Saves the card an approved order asked to keep (once per card and user); the first card is the default. */
async function saveCardStatements(deps: PaymentDeps, order: OrderRow, truth: ProviderOrder, mine: SQL) {
  if (!order.save_card || !truth.rectoken || !truth.card || !order.user_id) return [];
  const { db } = deps;
  const card = truth.card;
  const sealed = await sealToken(deps.env, truth.rectoken.token);
  const now = Date.now();
  const sameCard = sql`${pm.userId} = ${order.user_id} and ${pm.maskedCard} = ${card.maskedCard} and ${pm.isActive} = 1
    and coalesce(${pm.expiryMonth}, 0) = ${card.expiryMonth ?? 0} and coalesce(${pm.expiryYear}, 0) = ${card.expiryYear ?? 0}`;
  const columns = bareList(
    methods.id,
    methods.userId,
    methods.provider,
    methods.rectoken,
    methods.rectokenLifetime,
    methods.cardType,
    methods.maskedCard,
    methods.lastFour,
    methods.expiryMonth,
    methods.expiryYear,
    methods.isActive,
    methods.isDefault,
    methods.createdAt,
    methods.updatedAt,
  );
  return [
    db.run(sql`insert into ${methods} (${columns})
               select ${newId()}, ${order.user_id}, 'flitt', ${sealed}, ${truth.rectoken.lifetime}, ${card.cardType},
                 ${card.maskedCard}, ${card.lastFour}, ${card.expiryMonth}, ${card.expiryYear}, 1,
                 not exists (select 1 from ${tableAs(pm)} where ${pm.userId} = ${order.user_id} and ${pm.isDefault} = 1 and ${pm.isActive} = 1),
                 ${now}, ${now}
               where ${mine} and not exists (select 1 from ${tableAs(pm)} where ${sameCard})`),
    // The order (and a subscription it starts) charge this card from now on. A template: the builder's
    // update would also stamp the order's updated_at.
    db.run(sql`update ${orders} set ${bare(orders.paymentMethodId)} = (select ${pm.id} from ${tableAs(pm)} where ${sameCard}
                 order by ${pm.createdAt} desc limit 1)
               where ${orders.id} = ${order.id} and ${orders.paymentMethodId} is null and ${mine}`),
  ];
}

async function communityOf(db: Db, id: string | null): Promise<Community> {
  if (!id) return { paymentType: null, interval: null, creatorId: null };
  const row = await db
    .select({
      paymentType: communities.paymentType,
      interval: communities.subscriptionInterval,
      creatorId: communities.creatorId,
    })
    .from(communities)
    .where(eq(communities.id, id))
    .get();
  return { paymentType: row?.paymentType ?? null, interval: row?.interval ?? null, creatorId: row?.creatorId ?? null };
}

/**
 * A period has one renewal that is not declined (a unique index): a renewal approved after it was given
 * up may take that place back only while no other order holds it.
 */
const periodFree = (order: OrderRow) =>
  order.kind !== "renewal"
    ? undefined
    : sql`not exists (select 1 from ${tableAs(sibling)} where ${sibling.kind} = 'renewal' and ${sibling.id} != ${order.id}
        and ${sibling.subscriptionId} = ${order.subscription_id} and ${sibling.periodStart} = ${order.period_start}
        and ${sibling.status} in ('created', 'processing', 'approved'))`;

/** An order as settling left it, and what the provider said of it: its order, or why it would not say. */
export type Settled = { order: OrderRow; said: ProviderOrder | ProviderError };

/**
 * Brings our order to the provider's truth, read from its status API (never from a callback's or a
 * redirect's word), and grants or ends access exactly once. A refund follows when an approved join
 * cannot be granted (already a member through another order, or the community filled up, was archived
 * or lost paid memberships with its plan meanwhile),
 * when an approved plan is the community's already, and for an order approved after we gave it up.
 */
export async function settleOrder(deps: PaymentDeps, orderId: string): Promise<OrderRow | null> {
  return (await settle(deps, orderId))?.order ?? null;
}

/**
 * How a settle was asked for: a refund names itself (its key and who gave it), and a caller that has
 * just read the order passes it, saving the read.
 */
export type SettleOptions = { refund?: RefundOf; order?: OrderRow };

/** `settleOrder`, answering also what the provider said; null for an order we do not have. */
export async function settle(deps: PaymentDeps, orderId: string, options: SettleOptions = {}): Promise<Settled | null> {
  const { db, provider } = deps;
  const order = options.order ?? (await orderStatement(db, orderId));
  if (!order) return null;
  let truth: ProviderOrder;
  try {
    truth = await provider.status(orderId);
  } catch (error) {
    if (error instanceof ProviderError) return { order, said: error };
    throw error;
  }
  if (truth.amount !== order.amount || truth.currency !== order.currency) {
    warn("payment amount or currency differs from the order", { orderId, status: truth.status });
    return { order, said: truth };
  }
  if (!allowed[order.status].includes(truth.status)) return { order, said: truth };

  const now = Date.now();
  const transition = newId();
  const mine = sql`exists (select 1 from ${tableAs(marked)} where ${marked.id} = ${orderId} and ${marked.transitionId} = ${transition})`;
  // Approved after we gave it up (a new order may have taken its place): it grants nothing, saves no card.
  const late = truth.status === "approved" && order.status === "declined";
  if (late) warn("order approved after it was given up; reversing", { orderId });
  // A card check's charge, and a late approval's, go back at once: owed from the moment it is approved,
  // in the same write.
  const owesReversal = truth.status === "approved" && (order.kind === "save_card" || late);
  const move = db
    .update(orders)
    .set({
      status: truth.status,
      statusHistory: historyWith(truth.status, now, truth.declineReason ?? undefined, truth.declineKind ?? undefined),
      transitionId: transition,
      providerOrderId: sql`coalesce(${orders.providerOrderId}, ${truth.paymentId})`,
      reversalDueAt: owesReversal ? now : null,
      updatedAt: now,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, order.status), late ? periodFree(order) : undefined))
    .returning({ id: orders.id });
  const steps: Step[] = [move];
  let granted: ReturnType<typeof grantJoin>["granted"] | null = null;
  const written: string[] = [];
  if (truth.status === "approved" && late) {
    const charge = chargeReceipt(db, order, truth.card, mine, now);
    steps.push(charge.statement);
    written.push(charge.id);
  }
  if (truth.status === "approved" && !late) {
    steps.push(...(await saveCardStatements(deps, order, truth, mine)));
    if (order.kind === "join_community") {
      const grant = grantJoin(db, order, await communityOf(db, order.community_id), mine, now);
      steps.push(...grant.steps);
      granted = grant.granted;
    }
    if (order.kind === "renewal") steps.push(...grantRenewal(db, order, mine, now));
    if (order.kind === "creator_plan") {
      const grant = grantPlan(db, order, mine, now);
      steps.push(...grant.statements);
      granted = grant.granted;
    }
    // After the grants and the saved card: the receipt reads the period and the card they wrote.
    const charge = chargeReceipt(db, order, truth.card, mine, now);
    steps.push(charge.statement);
    written.push(charge.id);
  } else if (truth.status === "reversed" && order.reversal_due_at === null) {
    // A reversal we owed was for an order that granted nothing: it has no access to end.
    steps.push(...endAccess(db, order, mine, now));
    // A refunded membership ends on every channel at once: its sockets close now, not at the period's end.
    if ((order.kind === "join_community" || order.kind === "renewal") && order.community_id && order.user_id)
      steps.push(revoke(order.community_id, [order.user_id], { onlyIf: mine }));
  }
  if (truth.status === "reversed") {
    // Whatever was not refunded before (a partial refund has its own receipt) goes back now.
    const refund = refundReceipt(db, order, { key: options.refund?.key, by: options.refund?.by }, mine, now);
    steps.push(refund.statement);
    written.push(refund.id);
  }
  const after = orderStatement(db, orderId);
  const toMail = written.length > 0 ? receiptsToMail(db, written) : null;
  const read = await commit(deps, { steps: [...steps, after, ...(toMail ? [toMail] : [])] });
  if (toMail && read(toMail).length > 0) {
    const mailing = () => mailReceipts(deps.env, db, read(toMail), deps.origin ?? deps.env.APP_URL);
    if (deps.defer) deps.defer(mailing);
    else await mailing();
  }
  const moved = read(move).length === 1;
  if (moved && granted && read(granted)?.n === 0) {
    // Paid but not let in (or a plan already bought): give the money back rather than keep it.
    warn("approved order granted nothing; reversing", { orderId, kind: order.kind });
    // A template: the builder's update would also stamp updated_at.
    await db.run(
      sql`update ${orders} set ${bare(orders.reversalDueAt)} = ${now} where ${orders.id} = ${orderId} and ${orders.status} = 'approved'`,
    );
    return { order: (await reverseOwed(deps, orderId)) ?? (await orderStatement(db, orderId)) ?? order, said: truth };
  }
  if (moved && owesReversal)
    return { order: (await reverseOwed(deps, orderId)) ?? (await orderStatement(db, orderId)) ?? order, said: truth };
  if (late && read(after)?.status === "declined") {
    // Its period is another renewal's now: the order stays declined, and its money goes back all the same.
    warn("late renewal approval for a period another order holds; reversing", { orderId });
    return { order: (await reverseOwed(deps, orderId)) ?? (await orderStatement(db, orderId)) ?? order, said: truth };
  }
  return { order: read(after) ?? order, said: truth };
}

/** How long a refused or unanswered reversal waits before the reconciliation job tries it again. */
export const REVERSAL_RETRY_MS = 10 * 60 * 1000;

/**
 * Gives an approved order's money back, once: the provider is asked first, so a reversal that went
 * through (while its answer was lost) is never sent again. The order is then settled to `reversed`,
 * which clears what is owed. When the provider refuses or cannot be reached, the next attempt is
 * stored for the reconciliation job, and null is answered.
 */
export async function reverseOwed(deps: PaymentDeps, orderId: string): Promise<OrderRow | null> {
  const { db, provider } = deps;
  try {
    const truth = await provider.status(orderId);
    const left = truth.amount - truth.reversalAmount;
    if (truth.status === "approved" && left > 0) await provider.reverse(orderId, left, truth.currency);
    // Approved with nothing left to give back: settling would change nothing, or (a late renewal whose
    // period another order holds) come straight back here, for ever.
    else if (truth.status === "approved") return (await orderStatement(db, orderId)) ?? null;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    warn("reversal failed; the reconciliation job retries", { orderId, reason: error.code });
    const retryAt = Date.now() + REVERSAL_RETRY_MS;
    // A template: the builder's update would also stamp updated_at.
    await db.run(
      sql`update ${orders} set ${bare(orders.reversalDueAt)} = ${retryAt} where ${orders.id} = ${orderId} and ${orders.reversalDueAt} is not null`,
    );
    return null;
  }
  return settleOrder(deps, orderId);
}
