import { and, eq, exists, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { newId } from "../../../common/ids";
import type { AppEnv } from "../../env";
import { batch, type Db } from "../../lib/db";
import { paymentProvider } from "../../payments/config";
import { ProviderError } from "../../payments/provider";
import { openToken } from "../../payments/token-vault";
import { commit, notify } from "../../lib/commit";
import { bare, returningAs, type SelectAsRow } from "../../lib/sql-names";
import { communities, communityMembers, paymentOrders, userPaymentMethods, userSubscriptions, users } from "../../lib/tables";
import { backToFree } from "./grants";
import { declineLocally, orderStatement } from "./orders";
import { REVERSAL_RETRY_MS, reverseOwed, settleOrder, type PaymentDeps } from "./settle";

const DAY = 24 * 60 * 60 * 1000;
/** When a declined renewal is tried again, counted from the period's end; the last try ends the grace period. */
export const RENEWAL_RETRIES_MS = [1 * DAY, 3 * DAY, 7 * DAY];
export const GRACE_MS = RENEWAL_RETRIES_MS.at(-1)!;
/** Orders still open after this long are asked about at the provider (a callback may have been missed). */
export const RECONCILE_AFTER_MS = 10 * 60 * 1000;
const BATCH = 50;

/**
 * Renewals read the membership lifecycle, never a subscription row alone (DESIGN.md section 4): a
 * member's subscription is charged only while the community sells memberships (approved, so not
 * suspended: billing pauses; not archived; still paid) and the membership it runs on exists (removal,
 * a ban or leaving end it). A creator's plan is billed while the community exists. The plan's features
 * do not stop a renewal: a community moved down to Free keeps the paid members it has, and takes no
 * new one (see community-plan.ts).
 */
const billable = or(
  eq(userSubscriptions.subscriptionType, "creator_plan"),
  and(
    eq(communities.reviewStatus, "approved"),
    eq(communities.archived, false),
    eq(communities.isPaid, true),
    exists(
      sql`(select 1 from ${communityMembers} where ${communityMembers.subscriptionId} = ${userSubscriptions.id}
        and ${communityMembers.communityId} = ${userSubscriptions.communityId})`,
    ),
  ),
);

/**
 * Active subscriptions whose period has ended and whose retry, if any, is due, oldest period first,
 * with the saved card to charge (null when it was deleted) and the community's name for the order.
 */
const dueSubscriptions = (db: Db, now: number) =>
  db
    .select({
      id: userSubscriptions.id,
      userId: userSubscriptions.userId,
      communityId: userSubscriptions.communityId,
      amount: userSubscriptions.amount,
      currency: userSubscriptions.currency,
      paymentMethodId: userSubscriptions.paymentMethodId,
      currentPeriodEnd: userSubscriptions.currentPeriodEnd,
      renewalFailures: userSubscriptions.renewalFailures,
      rectoken: userPaymentMethods.rectoken,
      communityName: communities.name,
    })
    .from(userSubscriptions)
    .innerJoin(users, eq(users.id, userSubscriptions.userId))
    .innerJoin(communities, eq(communities.id, userSubscriptions.communityId))
    .leftJoin(
      userPaymentMethods,
      and(eq(userPaymentMethods.id, userSubscriptions.paymentMethodId), eq(userPaymentMethods.isActive, true)),
    )
    .where(
      and(
        eq(userSubscriptions.status, "active"),
        lte(userSubscriptions.currentPeriodEnd, now),
        or(isNull(userSubscriptions.retryAt), lte(userSubscriptions.retryAt, now)),
        billable,
      ),
    )
    .orderBy(userSubscriptions.currentPeriodEnd)
    .limit(BATCH);

type Due = Awaited<ReturnType<typeof dueSubscriptions>>[number];

/** Cancelled subscriptions whose paid period is over end; their members' access ended with the period. */
async function expireCancelled(db: Db, now: number): Promise<number> {
  const rows = await db
    .update(userSubscriptions)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(userSubscriptions.status, "cancelled"), lte(userSubscriptions.currentPeriodEnd, now)))
    .returning({ id: userSubscriptions.id });
  // Creator plans that ended put their communities back on Free.
  if (rows.length > 0)
    await batch(
      db,
      rows.map((r) => backToFree(db, r.id, now)),
    );
  return rows.length;
}

/** A declined renewal: try again later within the grace period (access lasts through it), or end. */
async function renewalFailed(deps: PaymentDeps, due: Due, now: number) {
  const { db } = deps;
  const failures = due.renewalFailures + 1;
  const last = failures > RENEWAL_RETRIES_MS.length;
  const retryAt = last ? null : due.currentPeriodEnd + RENEWAL_RETRIES_MS[failures - 1]!;
  const graceEnd = due.currentPeriodEnd + GRACE_MS;
  // Counted once: the update holds only while the failure count is the one this run read.
  const stillCurrent = and(
    eq(userSubscriptions.id, due.id),
    eq(userSubscriptions.renewalFailures, due.renewalFailures),
    eq(userSubscriptions.status, "active"),
  );
  const counted = db
    .update(userSubscriptions)
    .set({ renewalFailures: failures, retryAt, status: last ? "expired" : "active", updatedAt: now })
    .where(stillCurrent)
    .returning({ id: userSubscriptions.id });
  // Its e-mail, like every notification's, goes out through the notification mail (per preference).
  await commit(deps, {
    steps: [
      notify({
        recipientId: due.userId,
        senderId: null,
        communityId: due.communityId,
        type: "SYSTEM_ANNOUNCEMENT",
        data: last
          ? { kind: "payment", payment: "subscription_ended" }
          : { kind: "payment", payment: "renewal_failed", retryAt: retryAt!, accessUntil: graceEnd },
        // Before the updates in the batch: written only by the run whose failure count is still current.
        onlyIf: sql`exists (select 1 from ${userSubscriptions} where ${stillCurrent})`,
      }),
      db
        .update(communityMembers)
        .set({ accessUntil: last ? now : graceEnd })
        .where(and(eq(communityMembers.subscriptionId, due.id), eq(communityMembers.role, "member"))),
      last ? backToFree(db, due.id, now) : null,
      counted,
    ],
  });
}

/**
 * Charges the saved card of every active subscription whose period has ended (and whose retry, if any,
 * is due). One renewal order per subscription and period can be open or approved at a time (a unique
 * index), so overlapping runs never charge a period twice; the period moves on only when the provider's
 * status API says approved.
 */
async function renewDue(deps: PaymentDeps, now: number) {
  const { db, env, provider } = deps;
  const due = await dueSubscriptions(db, now);
  let renewed = 0;
  let failed = 0;
  for (const sub of due) {
    const orderId = newId();
    const inserted = await db
      .insert(paymentOrders)
      .values({
        id: orderId,
        userId: sub.userId,
        communityId: sub.communityId,
        paymentMethodId: sub.paymentMethodId,
        subscriptionId: sub.id,
        kind: "renewal",
        amount: sub.amount,
        currency: sub.currency,
        status: "created",
        statusHistory: [{ status: "created", at: now }],
        periodStart: sub.currentPeriodEnd,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: paymentOrders.id });
    if (inserted.length === 0) continue; // Another run holds this period's renewal; it settles it.
    const token = sub.rectoken ? await openToken(env, sub.rectoken) : null;
    if (!token) await declineLocally(db, orderId, "no usable saved card");
    else {
      try {
        await provider.chargeSavedCard(
          {
            orderId,
            amount: sub.amount,
            currency: sub.currency,
            description: `Renewal: ${sub.communityName}`.slice(0, 1024),
            saveCard: false,
            callbackUrl: `${env.APP_URL}/payments/flitt/callback`,
          },
          token,
        );
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        if (error.code !== "UNREACHABLE") await declineLocally(db, orderId, `provider refused: ${error.code}`);
      }
    }
    const order = (await settleOrder(deps, orderId)) ?? (await orderStatement(db, orderId));
    if (order?.status === "approved") renewed += 1;
    else if (order?.status === "declined" || order?.status === "expired") {
      failed += 1;
      await renewalFailed(deps, sub, now);
    }
  }
  return { renewed, failed };
}

/** Orders left open (a lost callback, a closed tab) are settled from the status API. */
async function reconcilePending(deps: PaymentDeps, now: number): Promise<number> {
  const open = await deps.db
    .select({ id: paymentOrders.id, createdAt: paymentOrders.createdAt })
    .from(paymentOrders)
    .where(and(inArray(paymentOrders.status, ["created", "processing"]), lt(paymentOrders.createdAt, now - RECONCILE_AFTER_MS)))
    .orderBy(paymentOrders.createdAt)
    .limit(BATCH);
  let settled = 0;
  for (const order of open) {
    const after = await settleOrder(deps, order.id);
    if (after && after.status !== "created" && after.status !== "processing") settled += 1;
    else if (order.createdAt < now - DAY) {
      // Never reached the provider, or forgotten by it: the payer was never charged.
      await declineLocally(deps.db, order.id, "expired unanswered");
    }
  }
  return settled;
}

const reversalFields = { id: paymentOrders.id, reversalDueAt: paymentOrders.reversalDueAt };
const claimedFields = { id: paymentOrders.id };

/**
 * Reversals the provider refused or never answered, tried again until one goes through. Each run
 * first moves an order's next attempt on, only where it still holds the time this run read, so two
 * overlapping runs never both send one; reverseOwed asks the provider before it sends anything.
 */
async function retryReversals(deps: PaymentDeps, now: number): Promise<number> {
  const { db } = deps;
  const due = await db
    .select(reversalFields)
    .from(paymentOrders)
    .where(
      and(isNotNull(paymentOrders.reversalDueAt), lte(paymentOrders.reversalDueAt, now), eq(paymentOrders.status, "approved")),
    )
    .orderBy(paymentOrders.reversalDueAt)
    .limit(BATCH);
  let reversed = 0;
  for (const order of due) {
    // A template, not a builder update: moving the next attempt on leaves the order's updated_at alone.
    const claimed = await db.all<SelectAsRow<typeof claimedFields>>(
      sql`update ${paymentOrders} set ${bare(paymentOrders.reversalDueAt)} = ${now + REVERSAL_RETRY_MS}
          where ${paymentOrders.id} = ${order.id} and ${paymentOrders.reversalDueAt} = ${order.reversalDueAt}
          returning ${returningAs(claimedFields)}`,
    );
    if (claimed.length === 0) continue;
    if ((await reverseOwed(deps, order.id))?.status === "reversed") reversed += 1;
  }
  return reversed;
}

/** The cron's payment work: end cancelled periods, renew what is due, settle what was left open, give back what is owed. */
export async function runPaymentJobs(env: AppEnv, db: Db, now = Date.now()) {
  const deps: PaymentDeps = { db, env, provider: paymentProvider(env, new URL(env.APP_URL).origin) };
  const expired = await expireCancelled(db, now);
  const { renewed, failed } = await renewDue(deps, now);
  const reconciled = await reconcilePending(deps, now);
  const reversed = await retryReversals(deps, now);
  return { expired, renewed, failed, reconciled, reversed };
}
