import { and, eq, sql } from "drizzle-orm";
import type { PaymentResult } from "../../../common/contract/payments";
import { AppError } from "../../lib/errors";
import { paymentOrders as orders, userPaymentMethods as methods } from "../../lib/tables";
import { ProviderError, type CardDetails, type OrderRequest } from "../../payments/provider";
import { openToken } from "../../payments/token-vault";
import { declineLocally, historyWith, orderStatement, resultOf } from "./orders";
import { callbackUrl, threeDsReturnUrl, type paymentDeps } from "./payment-context";
import { settleOrder } from "./settle";

type Deps = ReturnType<typeof paymentDeps>;

/** How the payer pays: a saved card's id, a new card (direct mode) or the provider's page (hosted mode). */
export type PayWith = { paymentMethodId: string } | { card: CardDetails } | { hosted: true };

export type PayBody = {
  paymentMethodId?: string;
  card?: { number: string; expiry: { month: number; year: number }; cvv: string; holder: string };
  hosted?: true;
};

/** How a request body pays: a saved card, a new card, or Flitt's page; each only in the mode that takes it. */
export function payWithOf(body: PayBody, mode: "direct" | "hosted"): PayWith {
  if (body.paymentMethodId) return { paymentMethodId: body.paymentMethodId };
  if (body.card) {
    if (mode === "hosted") throw new AppError("NOT_AVAILABLE", "Card details are taken on Flitt's payment page.");
    const { number, expiry, cvv, holder } = body.card;
    return { card: { number, expiryMonth: expiry.month, expiryYear: expiry.year, cvv, holder } };
  }
  if (mode !== "hosted") throw new AppError("NOT_AVAILABLE", "Card details are entered on this page.");
  return { hosted: true };
}

/** The saved card's rectoken, opened; 404 for a card that is not the caller's (or no longer active). */
export async function savedCardToken(deps: Deps, userId: string, paymentMethodId: string): Promise<string> {
  const row = await deps.db
    .select({ rectoken: methods.rectoken })
    .from(methods)
    .where(and(eq(methods.id, paymentMethodId), eq(methods.userId, userId), sql`${methods.isActive} = 1`))
    .get();
  if (!row)
    throw new AppError("NOT_FOUND", "Payment method not found.", {
      issues: [{ path: "paymentMethodId", message: "Please select a payment method" }],
    });
  const token = await openToken(deps.env, row.rectoken);
  if (!token) throw new AppError("CONFLICT", "This card can no longer be charged. Please use another card.");
  return token;
}

/**
 * Sends a created order to the provider and answers where it stands. The order is settled only through
 * the status API (settleOrder), whatever the charge's own answer said.
 */
export async function chargeOrder(
  deps: Deps,
  order: OrderRequest & { token?: string },
  payWith: PayWith,
): Promise<PaymentResult> {
  const { provider, db } = deps;
  const request: OrderRequest = { ...order, callbackUrl: callbackUrl(deps.origin) };
  try {
    if ("hosted" in payWith) {
      if (provider.mode !== "hosted") throw new AppError("NOT_AVAILABLE", "Card details are entered on this page.");
      const url = await provider.checkoutUrl(request, `${deps.origin}/payments/return/${order.orderId}`);
      const row = await orderStatement(db, order.orderId);
      return resultOf(row!, { status: "redirect", checkoutUrl: url });
    }
    if ("card" in payWith) {
      if (provider.mode === "hosted") throw new AppError("NOT_AVAILABLE", "Card details are taken on Flitt's payment page.");
      const charged = await provider.payWithCard(request, payWith.card);
      if (charged.kind === "3ds") {
        const now = Date.now();
        await db
          .update(orders)
          .set({ status: "processing", statusHistory: historyWith("processing", now, "3-D Secure"), updatedAt: now })
          .where(and(eq(orders.id, order.orderId), eq(orders.status, "created")));
        const row = await orderStatement(db, order.orderId);
        return resultOf(row!, {
          status: "requires_3ds",
          threeDs: { ...charged.challenge, termUrl: threeDsReturnUrl(deps.origin, order.orderId) },
        });
      }
    } else {
      await provider.chargeSavedCard(request, order.token ?? "");
    }
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.code !== "UNREACHABLE") await declineLocally(db, order.orderId, `provider refused: ${error.code}`);
  }
  const settled = await settleOrder(deps, order.orderId);
  if (!settled) throw new AppError("NOT_FOUND", "Order not found.");
  const result = resultOf(settled);
  return result.status === "declined" ? { ...result, message: "Payment failed" } : result;
}
