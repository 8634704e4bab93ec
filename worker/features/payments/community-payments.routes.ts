import { eq, sql } from "drizzle-orm";
import { receiptAmount, type CommunityPayment } from "../../../common/contract/billing";
import { payments } from "../../../common/contract/payments";
import { accessColumns, communityJoins, toAccess, visibleCommunity, type MemberRow } from "../../lib/access";
import { batch, type Db } from "../../lib/db";
import { AppError, forbidden, notFound, unauthenticated } from "../../lib/errors";
import { canManage, canOwn, type Actor } from "../../lib/permissions";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { sessionColumns, sessionFrom, sessionToken, sessionUserFrom } from "../../lib/session";
import { paymentOrders, users } from "../../lib/tables";
import { ProviderError } from "../../payments/provider";
import { isMemberPayment, paymentsOf, toPayment, toUpcoming, upcomingOf } from "./community-payments";
import { orderStatement } from "./orders";
import { paymentDeps } from "./payment-context";
import { receiptsToMail, refundedSoFar, refundReceipt } from "./receipts";
import { mailReceipts } from "./receipt-mail";
import { settle } from "./settle";

const isStaff = (actor: Actor) => actor?.platformRole === "staff";

/** The caller's session with the community's access facts; the community named by id or by SQL. */
const accessOf = (db: Db, token: string, communityId: ReturnType<typeof sql>) =>
  db.get<MemberRow | undefined>(
    sql`select ${sessionColumns}, ${accessColumns} from ${sessionFrom(token, { required: false })} ${communityJoins(communityId)}`,
  );

const unavailable = () => new AppError("NOT_AVAILABLE", "The card processor did not answer. Please try again in a moment.");

const tooMuch = (left: number) =>
  new AppError("VALIDATION_FAILED", "This refund is more than is left of the payment.", {
    issues: [{ path: "amount", message: `At most ${receiptAmount(left)} can be refunded` }],
  });

/**
 * A community's payments page and its refunds. Seeing it is for the owner, admins and staff; a refund
 * is the owner's or staff's (the money is the owner's). Everyone else who can see the community is
 * refused (403); a community they cannot see is not found.
 */
export const communityPaymentsRoutes = [
  // One round trip: the caller, the community, its payments and its next renewals together.
  route(payments.communityPayments, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const { id } = c.req.valid("param");
    const access = accessOf(db, token, sql`${id}`);
    const list = paymentsOf(db, id);
    const upcoming = upcomingOf(db, id);
    const read = await batch(db, [access, list, upcoming]);
    const user = sessionUserFrom(c, read(access));
    if (!user) throw unauthenticated();
    const { actor, community, membership } = toAccess(read(access), user);
    const seen = visibleCommunity(actor, community);
    if (!isStaff(actor) && !canManage(actor, seen, membership))
      throw forbidden("Only the community's owner and admins see its payments.");
    return respond(c, payments.communityPayments, {
      items: read(list).map(toPayment),
      upcoming: read(upcoming).map(toUpcoming),
      canRefund: isStaff(actor) || canOwn(actor, seen, membership),
    });
  }),
  /**
   * A full or partial refund through the provider. Round trips: the caller, the order, its community
   * and what was refunded (with this key) together; then one write: a partial refund's receipt, or for
   * the rest of the payment the settle to reversed, which ends the paid access like any reversal.
   * Asked again with the same key, it answers the payment as it stands and refunds nothing.
   */
  route(payments.refund, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const { id } = c.req.valid("param");
    const { amount, key } = c.req.valid("json");
    const access = accessOf(
      db,
      token,
      sql`(select ${paymentOrders.communityId} from ${paymentOrders} where ${paymentOrders.id} = ${id})`,
    );
    const found = orderStatement(db, id);
    const before = db.get<{ refunded: number; repeated: number; member: number }>(
      sql`select ${refundedSoFar(id)} as refunded, exists (select 1 from receipts where order_id = ${id} and kind = 'refund'
            and refund_key = ${key}) as repeated, ${isMemberPayment(id)} as member`,
    );
    const payer = db
      .select({ id: users.id, fullName: users.fullName, avatarUrl: users.avatarUrl })
      .from(users)
      .where(eq(users.id, sql`(select ${paymentOrders.userId} from ${paymentOrders} where ${paymentOrders.id} = ${id})`));
    const read = await batch(db, [access, found, before, payer]);
    const user = sessionUserFrom(c, read(access));
    if (!user) throw unauthenticated();
    const { actor, community, membership } = toAccess(read(access), user);
    const order = read(found);
    if (!order || !read(before)!.member) throw notFound("Payment not found.");
    const seen = visibleCommunity(actor, community);
    if (!isStaff(actor) && !canOwn(actor, seen, membership))
      throw forbidden("Only the community's owner can refund its payments.");

    const { refunded, repeated } = read(before)!;
    const answer = (status: CommunityPayment["status"], total: number): CommunityPayment => ({
      orderId: order.id,
      kind: order.kind === "renewal" ? "renewal" : "join_community",
      status,
      amount: order.amount,
      refunded: total,
      currency: order.currency,
      createdAt: order.created_at,
      payer: read(payer)[0] ?? null,
    });
    if (repeated) return respond(c, payments.refund, answer(order.status, refunded));
    const left = order.status === "approved" ? order.amount - refunded : 0;
    if (amount > left) throw tooMuch(left);

    const deps = paymentDeps(c);
    let after;
    try {
      // The provider's word on what is left, too: a refund made outside the app counts.
      const truth = await deps.provider.status(id);
      const providerLeft = truth.status === "approved" ? truth.amount - truth.reversalAmount : 0;
      if (amount > providerLeft) throw tooMuch(Math.min(left, providerLeft));
      after = await deps.provider.reverse(id, amount, order.currency, key);
    } catch (error) {
      if (error instanceof ProviderError) throw unavailable();
      throw error;
    }
    if (after.status === "reversed") {
      const settled = await settle(deps, id, { refund: { key, by: user.id }, order });
      const status = settled?.order.status ?? order.status;
      return respond(c, payments.refund, answer(status, status === "reversed" ? order.amount : refunded + amount));
    }
    // A partial refund keeps the membership: only its receipt is written.
    const receipt = refundReceipt(db, order, { amount, key, by: user.id }, sql`1`, Date.now());
    const toMail = receiptsToMail(db, [receipt.id]);
    const written = await batch(db, [receipt.statement, toMail]);
    deps.defer?.(() => mailReceipts(c.env, db, written(toMail), deps.origin));
    return respond(c, payments.refund, answer(order.status, refunded + amount));
  }),
];
