import { sql } from "drizzle-orm";
import type { PaymentResult } from "../../../common/contract/payments";
import type { Db } from "../../lib/db";

/** A payment_orders row as the payment routes and jobs read it. */
export type OrderRow = {
  id: string;
  user_id: string | null;
  community_id: string | null;
  payment_method_id: string | null;
  subscription_id: string | null;
  plan: string | null;
  kind: PaymentResult["kind"];
  amount: number;
  currency: string;
  status: "created" | "processing" | "declined" | "approved" | "expired" | "reversed";
  save_card: number;
  period_start: number | null;
  /** Set while the order's money is owed back (see payment_orders.reversal_due_at). */
  reversal_due_at: number | null;
  created_at: number;
  community_name: string | null;
};

export const orderStatement = (db: Db, id: string) =>
  db.get<OrderRow | undefined>(
    sql`select o.id, o.user_id, o.community_id, o.payment_method_id, o.subscription_id, o.plan, o.kind, o.amount,
          o.currency, o.status, o.save_card, o.period_start, o.reversal_due_at, o.created_at, c.name as community_name
        from payment_orders o left join communities c on c.id = o.community_id
        where o.id = ${id}`,
  );

/** Appends one change to an order's status history (JSON array) in SQL. */
export const historyWith = (status: string, at: number, note?: string) =>
  sql`json_insert(status_history, '$[#]', json(${JSON.stringify(note ? { status, at, note } : { status, at })}))`;

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
    ...extra,
  };
}
