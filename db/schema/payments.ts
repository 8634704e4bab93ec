import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { createdAt, currency, flag, idColumn, millis, tetri, updatedAt } from "./columns";
import { communities, subscriptionIntervals, subscriptionPlans } from "./communities";

export const paymentProviders = ["flitt"] as const;

/** A card saved at the provider; we keep only its recurring token and display fields, never the number. */
export const userPaymentMethods = sqliteTable(
  "user_payment_methods",
  {
    id: idColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: paymentProviders }).notNull().default("flitt"),
    rectoken: text("rectoken").notNull(),
    /** When the provider stops honouring the rectoken. */
    rectokenLifetime: millis("rectoken_lifetime"),
    cardType: text("card_type"),
    maskedCard: text("masked_card").notNull(),
    lastFour: text("last_four").notNull(),
    expiryMonth: integer("expiry_month", { mode: "number" }),
    expiryYear: integer("expiry_year", { mode: "number" }),
    isActive: flag("is_active", true),
    isDefault: flag("is_default", false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("user_payment_methods_user_idx").on(t.userId, t.createdAt),
    // Exactly one default card: clear the old default before setting a new one, in the same batch.
    uniqueIndex("user_payment_methods_one_default")
      .on(t.userId)
      .where(sql`${t.isDefault} = 1 AND ${t.isActive} = 1`),
  ],
);

export const subscriptionStatuses = ["active", "cancelled", "expired"] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** What is paid for: a paid community's membership, or a creator's plan for their community. */
export const subscriptionTypes = ["community", "creator_plan"] as const;

export const userSubscriptions = sqliteTable(
  "user_subscriptions",
  {
    id: idColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    subscriptionType: text("subscription_type", { enum: subscriptionTypes }).notNull().default("community"),
    status: text("status", { enum: subscriptionStatuses }).notNull().default("active"),
    amount: tetri("amount").notNull(),
    currency: currency(),
    interval: text("interval", { enum: subscriptionIntervals }).notNull().default("monthly"),
    paymentMethodId: text("payment_method_id").references(() => userPaymentMethods.id, { onDelete: "set null" }),
    // Not a foreign key: payment_orders.subscription_id points back here.
    lastOrderId: text("last_order_id"),
    currentPeriodStart: millis("current_period_start").notNull(),
    currentPeriodEnd: millis("current_period_end").notNull(),
    cancelledAt: millis("cancelled_at"),
    /** Renewal charges that failed in a row for the current period; the next try is at retryAt. */
    renewalFailures: integer("renewal_failures", { mode: "number" }).notNull().default(0),
    retryAt: millis("retry_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("user_subscriptions_user_idx").on(t.userId, t.createdAt),
    index("user_subscriptions_community_user_idx").on(t.communityId, t.userId),
    // Cron: renew or expire what ends next.
    index("user_subscriptions_due_idx").on(t.status, t.currentPeriodEnd),
    index("user_subscriptions_payment_method_idx").on(t.paymentMethodId),
  ],
);

export const orderKinds = ["join_community", "save_card", "renewal", "creator_plan"] as const;
export type OrderKind = (typeof orderKinds)[number];

/** Flitt's order statuses; only `approved` is paid. */
export const orderStatuses = ["created", "processing", "declined", "approved", "expired", "reversed"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export type OrderStatusChange = { status: OrderStatus; at: number; note?: string };

/** Our side of every provider order: `id` is the order_id sent to Flitt. */
export const paymentOrders = sqliteTable(
  "payment_orders",
  {
    id: idColumn(),
    providerOrderId: text("provider_order_id"),
    // Set null, not cascade: the accounting record outlives the account.
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    communityId: text("community_id").references(() => communities.id, { onDelete: "set null" }),
    paymentMethodId: text("payment_method_id").references(() => userPaymentMethods.id, { onDelete: "set null" }),
    /** The subscription a renewal (or a subscribing join) belongs to. */
    subscriptionId: text("subscription_id"),
    /** For creator_plan orders: the plan bought. */
    plan: text("plan", { enum: subscriptionPlans }),
    kind: text("kind", { enum: orderKinds }).notNull(),
    amount: tetri("amount").notNull(),
    currency: currency(),
    status: text("status", { enum: orderStatuses }).notNull().default("created"),
    statusHistory: text("status_history", { mode: "json" }).$type<OrderStatusChange[]>().notNull().default([]),
    saveCard: flag("save_card", false),
    /**
     * Renewals: the start of the period paid for. A period has at most one renewal order that is not
     * declined or expired, so retries after a decline are new orders but a period is never charged twice.
     */
    periodStart: millis("period_start"),
    /**
     * Set with every status change to a fresh random id: the statements that grant or end access
     * after a change run only where it is theirs, so a replayed or concurrent settle grants nothing.
     */
    transitionId: text("transition_id"),
    /**
     * An approved order whose money goes back (a card check, or a paid join that could not be let in):
     * when the next reversal attempt is due. Cleared when the order is reversed; the reconciliation
     * job retries a reversal the provider refused or never answered.
     */
    reversalDueAt: millis("reversal_due_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payment_orders_provider_order_unique").on(t.providerOrderId),
    uniqueIndex("payment_orders_renewal_period_unique")
      .on(t.subscriptionId, t.periodStart)
      .where(sql`${t.kind} = 'renewal' and ${t.status} in ('created', 'processing', 'approved')`),
    index("payment_orders_user_idx").on(t.userId, t.createdAt),
    index("payment_orders_subscription_idx").on(t.subscriptionId, t.createdAt),
    // Cron: re-check orders stuck in created/processing.
    index("payment_orders_status_idx").on(t.status, t.createdAt),
    index("payment_orders_community_idx").on(t.communityId),
    index("payment_orders_payment_method_idx").on(t.paymentMethodId),
    index("payment_orders_reversal_due_idx")
      .on(t.reversalDueAt)
      .where(sql`${t.reversalDueAt} is not null`),
  ],
);

/** A charge takes money, a refund gives (part of) it back. */
export const receiptKinds = ["charge", "refund"] as const;
export type ReceiptKind = (typeof receiptKinds)[number];

/**
 * The payer's record of one movement of money, written in the batch that settles it: one per approved
 * order (`charge`) and one per refund. Its columns are copied, not joined, so a receipt reads the same
 * after the community is renamed or the card removed.
 */
export const receipts = sqliteTable(
  "receipts",
  {
    id: idColumn(),
    /** Sequential over all receipts; shown as AG-<year>-<number padded to 6 digits>. */
    number: integer("number", { mode: "number" }).notNull(),
    // Not a foreign key: the accounting record outlives the order's cleanup.
    orderId: text("order_id").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    communityId: text("community_id").references(() => communities.id, { onDelete: "set null" }),
    communityName: text("community_name"),
    kind: text("kind", { enum: receiptKinds }).notNull(),
    /** What the order bought. */
    item: text("item", { enum: orderKinds }).notNull(),
    plan: text("plan", { enum: subscriptionPlans }),
    periodStart: millis("period_start"),
    periodEnd: millis("period_end"),
    amount: tetri("amount").notNull(),
    currency: currency(),
    cardType: text("card_type"),
    lastFour: text("last_four"),
    /** Refunds: the key the refund was asked with, so asking again refunds once. */
    refundKey: text("refund_key"),
    refundedBy: text("refunded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("receipts_number_unique").on(t.number),
    uniqueIndex("receipts_one_charge")
      .on(t.orderId)
      .where(sql`${t.kind} = 'charge'`),
    uniqueIndex("receipts_refund_key_unique")
      .on(t.orderId, t.refundKey)
      .where(sql`${t.kind} = 'refund' and ${t.refundKey} is not null`),
    index("receipts_user_idx").on(t.userId, t.createdAt),
    index("receipts_community_idx").on(t.communityId, t.createdAt),
    index("receipts_order_idx").on(t.orderId),
    index("receipts_refunded_by_idx").on(t.refundedBy),
  ],
);
