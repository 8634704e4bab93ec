import { and, desc, eq, gt, isNotNull, sql } from "drizzle-orm";
import { payments, type Subscription } from "../../../common/contract/payments";
import { batch, type Db } from "../../lib/db";
import { AppError, notFound } from "../../lib/errors";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { requireUser } from "../../lib/session";
import { firstRow, qualified } from "../../lib/sql-names";
import { cancelSubscriptions } from "../../lib/subscriptions";
import { communities, userPaymentMethods, userSubscriptions } from "../../lib/tables";

const subs = userSubscriptions;

/**
 * A subscription with its community. Every result column has its own name (the community's id is read
 * from the subscription), so the rows survive a batch.
 */
const subscriptionFields = {
  id: subs.id,
  type: subs.subscriptionType,
  status: subs.status,
  amount: subs.amount,
  currency: subs.currency,
  interval: subs.interval,
  plan: communities.subscriptionPlan,
  currentPeriodStart: subs.currentPeriodStart,
  currentPeriodEnd: subs.currentPeriodEnd,
  cancelledAt: subs.cancelledAt,
  createdAt: subs.createdAt,
  communityId: subs.communityId,
  communityName: communities.name,
  imageUrls: communities.imageUrls,
};

const subscriptionsOf = (db: Db, userId: string) =>
  db
    .select(subscriptionFields)
    .from(subs)
    .innerJoin(communities, eq(communities.id, subs.communityId))
    .where(eq(subs.userId, userId))
    .orderBy(desc(subs.createdAt))
    .limit(200);

type SubscriptionRow = Awaited<ReturnType<typeof subscriptionsOf>>[number];

const toSubscription = ({ communityId, communityName, imageUrls, ...r }: SubscriptionRow, now = Date.now()): Subscription => ({
  ...r,
  plan: r.type === "creator_plan" ? r.plan : null,
  canResubscribe: r.status === "cancelled" && r.currentPeriodEnd > now,
  community: { id: communityId, name: communityName, imageUrl: imageUrls[0] ?? null },
});

const oneOf = (db: Db, userId: string, id: string) =>
  firstRow(
    db
      .select(subscriptionFields)
      .from(subs)
      .innerJoin(communities, eq(communities.id, subs.communityId))
      .where(and(eq(subs.id, id), eq(subs.userId, userId))),
  );

/**
 * The card a resumed subscription renews with: its own while still saved, else the payer's default
 * saved card (or the newest), null when none is saved. Qualified names: a builder update's own columns
 * are written bare, which a subquery would read as its own table's.
 */
const renewalCard = (userId: string) => {
  const pm = userPaymentMethods;
  return sql<string | null>`coalesce(
    (select ${qualified(pm.id)} from ${pm} where ${qualified(pm.id)} = ${qualified(subs.paymentMethodId)} and ${qualified(pm.isActive)} = 1),
    (select ${qualified(pm.id)} from ${pm} where ${qualified(pm.userId)} = ${userId} and ${qualified(pm.isActive)} = 1
      order by ${qualified(pm.isDefault)} desc, ${qualified(pm.createdAt)} desc limit 1))`;
};

export const subscriptionsRoutes = [
  route(payments.subscriptions, async (c) => {
    const user = await requireUser(c);
    const rows = await subscriptionsOf(c.var.db, user.id);
    return respond(c, payments.subscriptions, { items: rows.map((r) => toSubscription(r)) });
  }),
  // Cancelling stops renewals; access lasts to the end of the period already paid.
  route(payments.cancelSubscription, async (c) => {
    const user = await requireUser(c);
    const db = c.var.db;
    const { id } = c.req.valid("param");
    const now = Date.now();
    const after = oneOf(db, user.id, id);
    const read = await batch(db, [cancelSubscriptions(db, user.id, now, id), after]);
    const row = read(after);
    if (!row) throw notFound("Subscription not found.");
    if (row.cancelledAt !== now) throw new AppError("CONFLICT", "Only an active subscription can be cancelled.");
    return respond(c, payments.cancelSubscription, toSubscription(row, now));
  }),
  // Taking a cancelled subscription up again before its period ends: renewals resume, nothing is charged now.
  // Renewals charge a card: one paid with a card that was not saved (or whose card is gone) takes the
  // payer's default saved card, and without any saved card it stays cancelled.
  route(payments.resubscribe, async (c) => {
    const user = await requireUser(c);
    const db = c.var.db;
    const { id } = c.req.valid("param");
    const now = Date.now();
    const after = oneOf(db, user.id, id);
    const card = renewalCard(user.id);
    const read = await batch(db, [
      db
        .update(subs)
        .set({ status: "active", cancelledAt: null, paymentMethodId: card, updatedAt: now })
        .where(
          and(
            eq(subs.id, id),
            eq(subs.userId, user.id),
            eq(subs.status, "cancelled"),
            gt(subs.currentPeriodEnd, now),
            isNotNull(card),
          ),
        ),
      after,
    ]);
    const row = read(after);
    if (!row) throw notFound("Subscription not found.");
    if (row.status === "active") return respond(c, payments.resubscribe, toSubscription(row, now));
    if (row.status === "cancelled" && row.currentPeriodEnd > now)
      throw new AppError("CONFLICT", "Save a card to renew this subscription: renewals are charged to it.");
    throw new AppError("CONFLICT", "This subscription has ended. Join again to subscribe.");
  }),
];
