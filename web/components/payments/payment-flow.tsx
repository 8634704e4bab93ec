import { useState, type ReactNode } from "react";
import type { PaymentResult } from "../../../common/contract/payments";
import { ThreeDsDialog, type ThreeDsOutcome } from "./three-ds-dialog";

type Handlers = {
  onApproved: (result: PaymentResult) => void;
  /** A core text key: the spec's toast for what went wrong. */
  onFailed: (messageKey: string) => void;
};

/** The message of a 3-D Secure dialog closed unanswered: no toast, so the screen's own line announces it. */
export const THREE_DS_CLOSED = "payments.threeDs.closed";

/** Where a walked-away order's id outlives a reload of the payment page (only its id: the server checks the rest). */
const rememberedKey = (scope: string) => `agora:abandoned-order:${scope}`;

function useRememberedOrder(scope: string | undefined): [string | undefined, (orderId: string | undefined) => void] {
  const [orderId, setOrderId] = useState<string | undefined>(() => {
    if (!scope) return undefined;
    try {
      return sessionStorage.getItem(rememberedKey(scope)) ?? undefined;
    } catch {
      return undefined;
    }
  });
  const remember = (next: string | undefined) => {
    setOrderId(next);
    if (!scope) return;
    try {
      if (next) sessionStorage.setItem(rememberedKey(scope), next);
      else sessionStorage.removeItem(rememberedKey(scope));
    } catch {
      // Storage refused (private mode, quota): the id still lives until the page is left.
    }
  };
  return [orderId, remember];
}

/**
 * What follows a payment request, the same for joining and for saving a card: approved, declined,
 * a 3-D Secure challenge in its dialog, or the provider's hosted page.
 *
 * `failure` is the last outcome's message, for the screen to keep in place beside its button.
 *
 * A challenge the payer walked away from (the dialog closed, or timed out) leaves its order open at the
 * provider: `abandonedOrderId` names it until the next order is answered, and the next payment sends it
 * so that order no longer holds the new one back. With a `scope` (what is being paid for), that id also
 * outlives a reload of the page, in this tab.
 */
export function usePaymentFlow(
  variant: "pay" | "save",
  handlers: Handlers,
  scope?: string,
): {
  handle: (result: PaymentResult) => void;
  dialog: ReactNode;
  abandonedOrderId: string | undefined;
  failure: string | null;
} {
  const [challenge, setChallenge] = useState<PaymentResult | null>(null);
  const [abandonedOrderId, setAbandonedOrderId] = useRememberedOrder(scope);
  // What went wrong last, as a core text key, kept on the screen until the next try (the toast fades).
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (key: string) => {
    setFailure(key);
    handlers.onFailed(key);
  };

  const handle = (result: PaymentResult) => {
    setAbandonedOrderId(undefined);
    setFailure(null);
    if (result.status === "approved") return handlers.onApproved(result);
    if (result.status === "requires_3ds" && result.threeDs) return setChallenge(result);
    if (result.status === "redirect" && result.checkoutUrl) {
      window.location.assign(result.checkoutUrl);
      return;
    }
    fail(variant === "save" ? "payments.threeDs.verificationFailed" : "payments.paymentFailed");
  };

  const finish = (outcome: ThreeDsOutcome) => {
    const orderId = challenge?.orderId;
    setChallenge(null);
    if (outcome.kind !== "done") setAbandonedOrderId(orderId);
    // Closed unanswered: nothing was taken, and the payer may try again at once (no toast: they chose it).
    if (outcome.kind === "cancelled") return setFailure(THREE_DS_CLOSED);
    if (outcome.kind === "timeout") return fail("payments.threeDs.timeout");
    if (outcome.result.status === "approved") return handlers.onApproved(outcome.result);
    if (variant === "save") return fail("payments.threeDs.verificationFailed");
    // The spec's two texts: the bank refused the payer's authentication, or the payment after it.
    fail(outcome.result.failure === "authentication" ? "payments.threeDs.failed" : "payments.threeDs.paymentFailed");
  };

  const dialog =
    challenge?.threeDs != null ? (
      <ThreeDsDialog challenge={challenge.threeDs} orderId={challenge.orderId} variant={variant} onFinish={finish} />
    ) : null;
  return { handle, dialog, abandonedOrderId, failure };
}

/** A 422's field issues (card.number, card.expiry, ...) as the card form's error keys. */
export function cardIssues(issues: { path: string; message: string }[], style: "pay" | "save") {
  const prefix = style === "pay" ? "payments.invalid" : "payments.enterValid";
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.replace(/^card\./, "");
    if (field === "holder") errors.holder = "payments.holderRequired";
    else if (field === "number" || field === "expiry" || field === "cvv") errors[field] = `${prefix}.${field}`;
  }
  return errors;
}
