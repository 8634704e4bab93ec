import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../lib/db";
import { paymentOrders as po } from "../../lib/tables";
import { ProviderError } from "../../payments/provider";
import { declineLocally } from "./orders";
import { settle, type PaymentDeps } from "./settle";

/**
 * Unfinished orders in a new order's way. One join or plan order per community (per payer, for joins)
 * may be open at a time, so two tabs or a double click never charge twice; but an order the payer
 * abandoned (the 3-D Secure dialog closed, a hosted page left, a request that never reached the
 * provider) must not keep them from paying again. A new order therefore first settles the open ones
 * from the provider's status, and only an order the payer may still complete stands in its way; one the
 * payer says they walked away from (the dialog closed or timed out on their page) is given up at once.
 */

export type OpenKind = "join_community" | "creator_plan";

const MINUTE = 60 * 1000;

/**
 * How long an order the provider holds open (created, or processing: its 3-D Secure challenge or hosted
 * page not answered yet) keeps a second charge away, from the order's creation. A card's bank gives up
 * an unanswered 3-D Secure challenge after 10 to 15 minutes, and the challenge starts within seconds of
 * the order: past 15 minutes the payer can no longer answer it. The order is then declined here; in
 * direct mode we never complete its challenge after that, and should the provider approve it anyway
 * (a hosted page paid late), settleOrder gives the money back.
 */
export const OPEN_ORDER_HOLD_MS = 15 * MINUTE;

/**
 * An order the provider has never heard of may still be on its way there: the request that created it
 * sends it right after, and waits seconds for the answer. Past this it never got there and is declined
 * here at once; one arriving later after all is given back by settleOrder like any late approval.
 */
export const UNSENT_AFTER_MS = 1 * MINUTE;

/** Flitt's error code for an order id it does not know. */
const UNKNOWN_ORDER = "1018";

/** Open orders of a kind for a community: the payer's own (an id, or SQL read in the batch), or anyone's (null). */
const openWhere = (kind: OpenKind, communityId: string, userId: string | SQL | null) =>
  and(
    eq(po.communityId, communityId),
    eq(po.kind, kind),
    inArray(po.status, ["created", "processing"]),
    userId === null ? undefined : eq(po.userId, userId),
  );

export const openOrders = (db: Db, kind: OpenKind, communityId: string, userId: string | SQL | null) =>
  db
    .select({ id: po.id, userId: po.userId, createdAt: po.createdAt })
    .from(po)
    .where(openWhere(kind, communityId, userId));

/** For the new order's insert: none is open (another tab's, placed since they were settled, holds it back). */
export const noOpenOrder = (kind: OpenKind, communityId: string, userId: string | SQL | null) =>
  sql`not exists (select 1 from ${po} where ${openWhere(kind, communityId, userId)})`;

/**
 * Settles open orders from the provider's status, as any settle does: an approved one grants, a
 * declined or expired one closes. One the provider does not know is declined here once it cannot still
 * be on its way; one still open at the provider holds until OPEN_ORDER_HOLD_MS after its creation, and
 * is then declined here. Answers whether one still holds, and whether one was approved (what the new
 * order would buy may be granted now).
 *
 * `abandoned` is the caller's word for one of their own orders: they walked away from it (its 3-D
 * Secure dialog closed or timed out, see payWith in common/contract/payments.ts). Still open after the
 * provider was asked, it is declined here at once instead of holding: its challenge is never completed
 * after that (the 3-D Secure return completes processing orders only), and should the provider approve
 * it anyway, settleOrder gives the money back. Another person's order, or one they did not name, is
 * never given up this way.
 */
export async function releaseOpenOrders(
  deps: PaymentDeps,
  open: { id: string; userId: string | null; createdAt: number }[],
  now: number,
  abandoned?: { orderId: string; userId: string },
) {
  let holding = false;
  let approved = false;
  for (const { id, userId, createdAt } of open) {
    const settled = await settle(deps, id);
    if (!settled) continue;
    const { order, said } = settled;
    if (order.status !== "created" && order.status !== "processing") {
      approved ||= order.status === "approved";
      continue;
    }
    const age = now - createdAt;
    const unknown = said instanceof ProviderError && said.code === UNKNOWN_ORDER;
    const walkedAway = abandoned !== undefined && abandoned.orderId === id && abandoned.userId === userId;
    if (walkedAway) await declineLocally(deps.db, id, "abandoned by the payer", now);
    else if (unknown && age >= UNSENT_AFTER_MS) await declineLocally(deps.db, id, "unknown to the provider", now);
    else if (age >= OPEN_ORDER_HOLD_MS) await declineLocally(deps.db, id, "not completed in time", now);
    else holding = true;
  }
  return { holding, approved };
}
