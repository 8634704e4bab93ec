import { and, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { PaymentResult } from "../../../common/contract/payments";
import type { Db } from "../../lib/db";
import type { DeclineKind } from "../../payments/provider";
import { bare, selectAs, tableAs, type LeftJoined, type SelectAsRow } from "../../lib/sql-names";
import { communities, paymentOrders } from "../../lib/tables";

const o = alias(paymentOrders, "o");
const c = alias(communities, "c");

/** A payment_orders row's columns as the payment routes and jobs read them (under these keys). */
const orderFields = {
  id: o.id,
  user_id: o.userId,
  community_id: o.communityId,
  payment_method_id: o.paymentMethodId,
  subscription_id: o.subscriptionId,
  plan: o.plan,
  kind: o.kind,
  amount: o.amount,
  currency: o.currency,
  status: o.status,
  save_card: o.saveCard,
  period_start: o.periodStart,
  /** Set while the order's money is owed back (see payment_orders.reversal_due_at). */
  reversal_due_at: o.reversalDueAt,
  created_at: o.createdAt,
  /** What the last decline was, as settleOrder wrote it into the history (null when it did not say). */
  decline_kind: sql<DeclineKind | null>`json_extract(${o.statusHistory}, '$[#-1].reason')`,
};
/** The community it is for (left joined). */
const communityField = { community_name: c.name };

export type OrderRow = SelectAsRow<typeof orderFields> & LeftJoined<SelectAsRow<typeof communityField>>;

export const orderStatement = (db: Db, id: string) =>
  db.get<OrderRow | undefined>(
    sql`select ${selectAs(orderFields)}, ${selectAs(communityField)}
        from ${tableAs(o)} left join ${tableAs(c)} on ${c.id} = ${o.communityId}
        where ${o.id} = ${id}`,
  );

/** Appends one change to an order's status history (JSON array) in SQL; `reason` classifies a decline. */
export const historyWith = (status: string, at: number, note?: string, reason?: DeclineKind) =>
  sql`json_insert(${bare(paymentOrders.statusHistory)}, '$[#]', json(${JSON.stringify({ status, at, ...(note ? { note } : {}), ...(reason ? { reason } : {}) })}))`;

/**
 * Closes an order that is still open on our side without the provider's word (never sent, refused, or
 * given up unanswered); `note` says why in its history. An order the provider approves after all is
 * then refunded by settleOrder, never granted.
 */
export async function declineLocally(db: Db, orderId: string, note: string, now = Date.now()) {
  await db
    .update(paymentOrders)
    .set({ status: "declined", statusHistory: historyWith("declined", now, note), updatedAt: now })
    .where(and(eq(paymentOrders.id, orderId), inArray(paymentOrders.status, ["created", "processing"])));
}

export function resultOf(order: OrderRow, extra: Partial<PaymentResult> = {}): PaymentResult {
  // A card check is refunded at once: for it, reversed is the happy end. Any other approved order whose
  // money is owed back (paid, but not let in) is as good as reversed for the payer.
  const verified = order.kind === "save_card" && order.status === "reversed";
  const givenBack = order.kind !== "save_card" && order.status === "approved" && order.reversal_due_at !== null;
  const status: PaymentResult["status"] =
    (order.status === "approved" && !givenBack) || verified
      ? "approved"
      : order.status === "reversed" || givenBack
        ? "reversed"
        : order.status === "declined" || order.status === "expired"
          ? "declined"
          : "pending";
  return {
    orderId: order.id,
    status,
    kind: order.kind,
    communityId: order.community_id,
    communityName: order.community_name,
    amount: order.amount,
    currency: order.currency,
    threeDs: null,
    checkoutUrl: null,
    message: null,
    // Declined without the provider's word (given up here, refused): the payment's own failure.
    failure: status === "declined" ? (order.decline_kind ?? "declined") : null,
    ...extra,
  };
}
