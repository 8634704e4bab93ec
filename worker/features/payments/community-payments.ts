import { sql, type Column, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { CommunityPayment, UpcomingRenewal } from "../../../common/contract/billing";
import type { Db } from "../../lib/db";
import { selectAs, tableAs, type LeftJoined, type SelectAsRow } from "../../lib/sql-names";
import { paymentOrders, userSubscriptions, users } from "../../lib/tables";
import { refundedSoFar } from "./receipts";

/**
 * A community's payments as its owner sees them: who paid what and when, refunds, failed renewals and
 * the next renewals. Every column is read under its own name, so the rows survive a batch.
 */

const o = alias(paymentOrders, "o");
const s = alias(userSubscriptions, "s");
const payer = alias(users, "payer");
const payerFields = { payerId: payer.id, payerName: payer.fullName, payerAvatar: payer.avatarUrl };
type PayerColumns = LeftJoined<SelectAsRow<typeof payerFields>>;

const paymentFields = {
  orderId: o.id,
  kind: o.kind,
  status: o.status,
  amount: o.amount,
  currency: o.currency,
  createdAt: o.createdAt,
};
type PaymentRow = SelectAsRow<typeof paymentFields> & PayerColumns & { refunded: number };

const mo = alias(paymentOrders, "mo");
const ms = alias(userSubscriptions, "ms");

/**
 * Whether the order `id` is a member's payment: a join, or the renewal of a membership. A creator
 * plan's renewal is an order of kind renewal too, but its money is the platform's, not the owner's.
 */
export const isMemberPayment = (id: SQL | Column | string) =>
  sql`exists (select 1 from ${tableAs(mo)} left join ${tableAs(ms)} on ${ms.id} = ${mo.subscriptionId}
      where ${mo.id} = ${id} and (${mo.kind} = 'join_community' or (${mo.kind} = 'renewal' and ${ms.subscriptionType} = 'community')))`;
/** What members paid (and what failed), newest first; card checks and creator plans are not theirs to refund. */
export const paymentsOf = (db: Db, communityId: string) =>
  db.all<PaymentRow>(
    sql`select ${selectAs(paymentFields)}, ${selectAs(payerFields)}, ${refundedSoFar(o.id)} as refunded
        from ${tableAs(o)} left join ${tableAs(payer)} on ${payer.id} = ${o.userId}
        where ${o.communityId} = ${communityId} and ${isMemberPayment(o.id)}
          and ${o.status} in ('approved', 'reversed', 'declined')
        order by ${o.createdAt} desc limit 200`,
  );

const upcomingFields = {
  subscriptionId: s.id,
  amount: s.amount,
  currency: s.currency,
  currentPeriodEnd: s.currentPeriodEnd,
  renewalFailures: s.renewalFailures,
};
type UpcomingRow = SelectAsRow<typeof upcomingFields> & PayerColumns;

/** The memberships that renew next, with the failures of the current try when a renewal was declined. */
export const upcomingOf = (db: Db, communityId: string) =>
  db.all<UpcomingRow>(
    sql`select ${selectAs(upcomingFields)}, ${selectAs(payerFields)}
        from ${tableAs(s)} left join ${tableAs(payer)} on ${payer.id} = ${s.userId}
        where ${s.communityId} = ${communityId} and ${s.subscriptionType} = 'community' and ${s.status} = 'active'
        order by ${s.currentPeriodEnd} limit 200`,
  );

const payerOf = (r: PayerColumns) =>
  r.payerId ? { id: r.payerId, fullName: r.payerName ?? "", avatarUrl: r.payerAvatar } : null;

export const toPayment = ({ payerId, payerName, payerAvatar, ...r }: PaymentRow): CommunityPayment => ({
  ...r,
  kind: r.kind === "renewal" ? "renewal" : "join_community",
  refunded: Number(r.refunded),
  payer: payerOf({ payerId, payerName, payerAvatar }),
});

export const toUpcoming = ({ payerId, payerName, payerAvatar, ...r }: UpcomingRow): UpcomingRenewal => ({
  ...r,
  payer: payerOf({ payerId, payerName, payerAvatar }),
});
