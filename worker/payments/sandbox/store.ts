import type { OrderStatus } from "../../../db/schema/payments";

/**
 * The sandbox's orders, in the memory of the worker's isolate: a development stand-in for Flitt's
 * database. A restarted dev server forgets them; saved cards keep working because the sandbox's
 * rectokens carry (signed) all the sandbox needs to charge them again.
 */
export type SandboxOrder = {
  orderId: string;
  paymentId: number;
  amount: number;
  currency: string;
  description: string;
  status: OrderStatus;
  callbackUrl: string | null;
  email: string | null;
  wantsToken: boolean;
  approveOnCharge: boolean;
  maskedCard: string | null;
  cardType: string | null;
  /** Card expiry as the first millisecond after it (the rectoken's lifetime). */
  expiresAt: number | null;
  reversalAmount: number;
  declineReason: string | null;
  /** 3-D Secure: the pending challenge's id. */
  md: string | null;
  /** Hosted checkout: where the payer returns. */
  responseUrl: string | null;
  createdAt: number;
};

export const sandboxOrders = new Map<string, SandboxOrder>();
// Flitt's payment ids are numbers that never repeat. The sandbox forgets its orders on a restart while the
// local database keeps the ones it settled (their payment id is unique there), so the count starts from
// the clock, not from a constant: a restarted dev server does not hand out an id it already gave.
let nextPaymentId = Math.floor(Date.now() / 1000) * 1000;

export const newPaymentId = () => ++nextPaymentId;

/** Every callback the sandbox sent, newest last, so a test can replay or tamper with one. */
export const sentCallbacks: { url: string; body: Record<string, unknown> }[] = [];

/**
 * Reversals the sandbox refuses, counted down per payer's e-mail: lets a test (or a developer) see a
 * bank refuse a refund and the app try it again later.
 */
export const reversalFaults = new Map<string, number>();

/** The reversals that went through with an idempotency key (reverse_id), per order: the amount each gave back. */
export const sandboxReversals = new Map<string, Map<string, number>>();
