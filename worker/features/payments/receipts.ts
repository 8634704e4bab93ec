import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { receiptNumber, type Receipt } from "../../../common/contract/billing";
import { newId } from "../../../common/ids";
import type { Db } from "../../lib/db";
import { bareList, selectAs, tableAs, type SelectAsRow } from "../../lib/sql-names";
import { paymentOrders, receipts, userPaymentMethods, userSubscriptions, users } from "../../lib/tables";
import type { SavedCardInfo } from "../../payments/provider";
import type { OrderRow } from "./orders";

/**
 * Receipts as statements for the batch that settles (or refunds) an order, so the record of the money
 * and the change it pays for are written together or not at all. Each insert is guarded: a replayed
 * settle, or a refund asked again with its key, writes nothing.
 */

const r = alias(receipts, "r");
const u = alias(users, "u");

/** The next number of the one sequence; batches run one at a time, and the unique index holds it. */
const nextNumber = sql`(select coalesce(max(${r.number}), 0) + 1 from ${tableAs(r)})`;

const columns = bareList(
  receipts.id,
  receipts.number,
  receipts.orderId,
  receipts.userId,
  receipts.communityId,
  receipts.communityName,
  receipts.kind,
  receipts.item,
  receipts.plan,
  receipts.periodStart,
  receipts.periodEnd,
  receipts.amount,
  receipts.currency,
  receipts.cardType,
  receipts.lastFour,
  receipts.refundKey,
  receipts.refundedBy,
  receipts.createdAt,
);

/** The saved card the order was charged to, when the provider's answer did not name one. */
const orderCard = (orderId: string, column: SQL) =>
  sql`(select ${column} from ${userPaymentMethods} where ${userPaymentMethods.id} =
        (select ${paymentOrders.paymentMethodId} from ${paymentOrders} where ${paymentOrders.id} = ${orderId}))`;

/** The subscription this order started or renewed (its period, as the grant in the same batch left it). */
const periodOf = (orderId: string, column: SQL) =>
  sql`(select ${column} from ${userSubscriptions} where ${userSubscriptions.lastOrderId} = ${orderId} limit 1)`;

/** The charge of an approved order; `mine` gates it on the status change this batch made. */
export function chargeReceipt(db: Db, order: OrderRow, card: SavedCardInfo | null, mine: SQL, now: number) {
  const id = newId();
  const periodic = order.kind === "join_community" || order.kind === "renewal" || order.kind === "creator_plan";
  const start = periodic
    ? sql`coalesce(${order.period_start}, ${periodOf(order.id, sql`${userSubscriptions.currentPeriodStart}`)})`
    : sql`null`;
  const end = periodic ? periodOf(order.id, sql`${userSubscriptions.currentPeriodEnd}`) : sql`null`;
  const statement = db.run(sql`insert into ${receipts} (${columns})
    select ${id}, ${nextNumber}, ${order.id}, ${order.user_id}, ${order.community_id}, ${order.community_name}, 'charge',
      ${order.kind}, ${order.plan}, ${start}, ${end}, ${order.amount}, ${order.currency},
      coalesce(${card?.cardType ?? null}, ${orderCard(order.id, sql`${userPaymentMethods.cardType}`)}),
      coalesce(${card?.lastFour ?? null}, ${orderCard(order.id, sql`${userPaymentMethods.lastFour}`)}),
      null, null, ${now}
    where ${mine} and not exists (select 1 from ${tableAs(r)} where ${r.orderId} = ${order.id} and ${r.kind} = 'charge')`);
  return { id, statement };
}

/** What of an order's charge has not gone back yet, by its receipts. */
export const refundedSoFar = (orderId: SQLWrapper | string) =>
  sql<number>`(select coalesce(sum(${r.amount}), 0) from ${tableAs(r)} where ${r.orderId} = ${orderId} and ${r.kind} = 'refund')`;

export type RefundOf = {
  /** Tetri; without it, all that is left of the charge (an order the provider reversed in full). */
  amount?: number;
  key?: string | null;
  by?: string | null;
};

/** A refund of (part of) an order's charge, on the card of its charge; `guard` gates it. */
export function refundReceipt(db: Db, order: OrderRow, refund: RefundOf, guard: SQL, now: number) {
  const id = newId();
  const amount = refund.amount ?? sql`${order.amount} - ${refundedSoFar(order.id)}`;
  const charged = (column: SQL, saved: SQL) =>
    sql`coalesce((select ${column} from ${tableAs(r)} where ${r.orderId} = ${order.id} and ${r.kind} = 'charge'),
      ${orderCard(order.id, saved)})`;
  const sameKey = refund.key
    ? sql`and not exists (select 1 from ${tableAs(r)} where ${r.orderId} = ${order.id} and ${r.kind} = 'refund' and ${r.refundKey} = ${refund.key})`
    : sql``;
  const statement = db.run(sql`insert into ${receipts} (${columns})
    select ${id}, ${nextNumber}, ${order.id}, ${order.user_id}, ${order.community_id}, ${order.community_name}, 'refund',
      ${order.kind}, ${order.plan}, null, null, ${amount}, ${order.currency}, ${charged(sql`${r.cardType}`, sql`${userPaymentMethods.cardType}`)},
      ${charged(sql`${r.lastFour}`, sql`${userPaymentMethods.lastFour}`)}, ${refund.key ?? null}, ${refund.by ?? null}, ${now}
    where ${guard} and ${amount} > 0 ${sameKey}`);
  return { id, statement };
}

const receiptFields = {
  id: r.id,
  number: r.number,
  kind: r.kind,
  item: r.item,
  plan: r.plan,
  periodStart: r.periodStart,
  periodEnd: r.periodEnd,
  amount: r.amount,
  currency: r.currency,
  cardType: r.cardType,
  lastFour: r.lastFour,
  communityId: r.communityId,
  communityName: r.communityName,
  createdAt: r.createdAt,
};
export type ReceiptRow = SelectAsRow<typeof receiptFields>;

const payerFields = { email: u.email, fullName: u.fullName, language: u.language };
export type MailedReceiptRow = ReceiptRow & SelectAsRow<typeof payerFields>;

/** Receipts by id with their payer's address and language, for the mail that sends them. */
export const receiptsToMail = (db: Db, ids: string[]) =>
  db.all<MailedReceiptRow>(
    sql`select ${selectAs(receiptFields)}, ${selectAs(payerFields)} from ${tableAs(r)} join ${tableAs(u)} on ${u.id} = ${r.userId}
        where ${r.id} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );

/** The payer's own receipts, newest first; `userId` may be the session's, read in the same batch. */
export const receiptsOf = (db: Db, userId: SQL | string, id?: string) =>
  db.all<ReceiptRow>(
    sql`select ${selectAs(receiptFields)} from ${tableAs(r)}
        where ${r.userId} = ${userId} ${id ? sql`and ${r.id} = ${id}` : sql``}
        order by ${r.number} desc limit 500`,
  );

export const toReceipt = (row: ReceiptRow): Receipt => ({
  id: row.id,
  number: receiptNumber(row.number, row.createdAt),
  kind: row.kind,
  item: row.item,
  plan: row.plan,
  periodStart: row.periodStart,
  periodEnd: row.periodEnd,
  amount: row.amount,
  currency: row.currency,
  cardType: row.cardType,
  lastFour: row.lastFour,
  community: { id: row.communityId, name: row.communityName },
  createdAt: row.createdAt,
});
