import { sql } from "drizzle-orm";
import { newId } from "../../../common/ids";
import type { AppEnv } from "../../env";
import { batch, type Db } from "../../lib/db";
import { paymentProvider } from "../../payments/config";
import { ProviderError } from "../../payments/provider";
import { openToken } from "../../payments/token-vault";
import { commit, notify } from "../../lib/commit";
import { backToFree } from "./grants";
import { historyWith, orderStatement } from "./orders";
import { REVERSAL_RETRY_MS, reverseOwed, settleOrder, type PaymentDeps } from "./settle";

const DAY = 24 * 60 * 60 * 1000;
/** When a declined renewal is tried again, counted from the period's end; the last try ends the grace period. */
export const RENEWAL_RETRIES_MS = [1 * DAY, 3 * DAY, 7 * DAY];
export const GRACE_MS = RENEWAL_RETRIES_MS.at(-1)!;
/** Orders still open after this long are asked about at the provider (a callback may have been missed). */
export const RECONCILE_AFTER_MS = 10 * 60 * 1000;
const BATCH = 50;

type Due = {
  id: string;
  user_id: string;
  community_id: string;
  amount: number;
  currency: string;
  payment_method_id: string | null;
  current_period_end: number;
  renewal_failures: number;
  rectoken: string | null;
  community_name: string;
};

/** Cancelled subscriptions whose paid period is over end; their members' access ended with the period. */
async function expireCancelled(db: Db, now: number): Promise<number> {
  const rows = await db.all<{ id: string }>(
    sql`update user_subscriptions set status = 'expired', updated_at = ${now}
        where status = 'cancelled' and current_period_end <= ${now} returning id`,
  );
  // Creator plans that ended put their communities back on Free.
  if (rows.length > 0)
    await batch(
      db,
      rows.map((r) => backToFree(db, r.id, now)),
    );
  return rows.length;
}

async function declineLocally(db: Db, orderId: string, note: string) {
  const now = Date.now();
  await db.run(
    sql`update payment_orders set status = 'declined', status_history = ${historyWith("declined", now, note)}, updated_at = ${now}
        where id = ${orderId} and status in ('created', 'processing')`,
  );
}

/** A declined renewal: try again later within the grace period (access lasts through it), or end. */
async function renewalFailed(deps: PaymentDeps, due: Due, now: number) {
  const { db } = deps;
  const failures = due.renewal_failures + 1;
  const last = failures > RENEWAL_RETRIES_MS.length;
  const retryAt = last ? null : due.current_period_end + RENEWAL_RETRIES_MS[failures - 1]!;
  const graceEnd = due.current_period_end + GRACE_MS;
  // Counted once: the update holds only while the failure count is the one this run read.
  const counted = db.all<{ id: string }>(
    sql`update user_subscriptions set renewal_failures = ${failures}, retry_at = ${retryAt},
          status = ${last ? "expired" : "active"}, updated_at = ${now}
        where id = ${due.id} and renewal_failures = ${due.renewal_failures} and status = 'active' returning id`,
  );
  // Its e-mail, like every notification's, goes out through the notification mail (per preference).
  await commit(deps, {
    steps: [
      notify({
        recipientId: due.user_id,
        senderId: null,
        communityId: due.community_id,
        type: "SYSTEM_ANNOUNCEMENT",
        data: last
          ? { kind: "payment", payment: "subscription_ended" }
          : { kind: "payment", payment: "renewal_failed", retryAt: retryAt!, accessUntil: graceEnd },
        // Before the updates in the batch: written only by the run whose failure count is still current.
        onlyIf: sql`exists (select 1 from user_subscriptions where id = ${due.id} and renewal_failures = ${due.renewal_failures} and status = 'active')`,
      }),
      db.run(
        last
          ? sql`update community_members set access_until = ${now} where subscription_id = ${due.id} and role = 'member'`
          : sql`update community_members set access_until = ${graceEnd} where subscription_id = ${due.id} and role = 'member'`,
      ),
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
  const due = await db.all<Due>(
    sql`select s.id, s.user_id, s.community_id, s.amount, s.currency, s.payment_method_id, s.current_period_end,
          s.renewal_failures, pm.rectoken, c.name as community_name
        from user_subscriptions s
        join users u on u.id = s.user_id
        join communities c on c.id = s.community_id
        left join user_payment_methods pm on pm.id = s.payment_method_id and pm.is_active = 1
        where s.status = 'active' and s.current_period_end <= ${now} and (s.retry_at is null or s.retry_at <= ${now})
        order by s.current_period_end limit ${BATCH}`,
  );
  let renewed = 0;
  let failed = 0;
  for (const sub of due) {
    const orderId = newId();
    const inserted = await db.all<{ id: string }>(
      sql`insert into payment_orders (id, user_id, community_id, payment_method_id, subscription_id, kind, amount, currency, status,
            status_history, period_start, created_at, updated_at)
          values (${orderId}, ${sub.user_id}, ${sub.community_id}, ${sub.payment_method_id}, ${sub.id}, 'renewal', ${sub.amount},
            ${sub.currency}, 'created', ${JSON.stringify([{ status: "created", at: now }])}, ${sub.current_period_end}, ${now}, ${now})
          on conflict do nothing
          returning id`,
    );
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
            description: `Renewal: ${sub.community_name}`.slice(0, 1024),
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
  const open = await deps.db.all<{ id: string; created_at: number }>(
    sql`select id, created_at from payment_orders where status in ('created', 'processing') and created_at < ${now - RECONCILE_AFTER_MS}
        order by created_at limit ${BATCH}`,
  );
  let settled = 0;
  for (const order of open) {
    const after = await settleOrder(deps, order.id);
    if (after && after.status !== "created" && after.status !== "processing") settled += 1;
    else if (order.created_at < now - DAY) {
      // Never reached the provider, or forgotten by it: the payer was never charged.
      await declineLocally(deps.db, order.id, "expired unanswered");
    }
  }
  return settled;
}

/**
 * Reversals the provider refused or never answered, tried again until one goes through. Each run
 * first moves an order's next attempt on, only where it still holds the time this run read, so two
 * overlapping runs never both send one; reverseOwed asks the provider before it sends anything.
 */
async function retryReversals(deps: PaymentDeps, now: number): Promise<number> {
  const { db } = deps;
  const due = await db.all<{ id: string; reversal_due_at: number }>(
    sql`select id, reversal_due_at from payment_orders where reversal_due_at is not null and reversal_due_at <= ${now}
        and status = 'approved' order by reversal_due_at limit ${BATCH}`,
  );
  let reversed = 0;
  for (const order of due) {
    const claimed = await db.all<{ id: string }>(
      sql`update payment_orders set reversal_due_at = ${now + REVERSAL_RETRY_MS}
          where id = ${order.id} and reversal_due_at = ${order.reversal_due_at} returning id`,
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
