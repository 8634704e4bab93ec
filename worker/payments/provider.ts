import type { OrderStatus } from "../../db/schema/payments";

/**
 * What the app needs from a card payment provider. Flitt (flitt.ts) is the one implementation; the
 * routes and the cron speak only this interface, so they never see the provider's wire format.
 * Amounts are integer minor units (tetri); card numbers and CVVs only ever live in these arguments.
 */
export type CardDetails = {
  number: string;
  expiryMonth: number;
  /** Four digits. */
  expiryYear: number;
  cvv: string;
  holder: string;
};

export type OrderRequest = {
  /** Our payment_orders id, sent as the provider's order_id. */
  orderId: string;
  amount: number;
  currency: string;
  description: string;
  email?: string;
  /** Ask for a recurring token for the card. */
  saveCard: boolean;
  /** A small charge that the provider reverses at once: only checks the card and saves it. */
  verification?: boolean;
  callbackUrl: string;
};

export type SavedCardInfo = {
  maskedCard: string;
  lastFour: string;
  cardType: string | null;
  expiryMonth: number | null;
  expiryYear: number | null;
};

/** The provider's truth about one order. */
export type ProviderOrder = {
  orderId: string;
  status: OrderStatus;
  amount: number;
  currency: string;
  /** The provider's own id of the payment. */
  paymentId: string | null;
  /** Present when a token was asked for and the card was approved. */
  rectoken: { token: string; lifetime: number | null } | null;
  card: SavedCardInfo | null;
  reversalAmount: number;
  /** The provider's words when it declined. */
  declineReason: string | null;
  /**
   * What a decline was, for the payer's message: the card's bank refused the payer's 3-D Secure
   * authentication, or it (or the provider) declined the payment itself.
   */
  declineKind: DeclineKind | null;
};

export type DeclineKind = "authentication" | "declined";

export type ThreeDsChallenge = { acsUrl: string; pareq: string; md: string };

export type CardChargeResult = { kind: "done"; order: ProviderOrder } | { kind: "3ds"; challenge: ThreeDsChallenge };

export interface PaymentProvider {
  /** direct: our own card form posts the card; hosted: the provider's checkout page takes it. */
  readonly mode: "direct" | "hosted";
  payWithCard(order: OrderRequest, card: CardDetails): Promise<CardChargeResult>;
  /** Finishes a 3-D Secure challenge with what the card's bank sent back. */
  complete3ds(orderId: string, answer: { md: string; pares: string }): Promise<ProviderOrder>;
  chargeSavedCard(order: OrderRequest, rectoken: string): Promise<ProviderOrder>;
  /** Hosted mode: the page to send the payer to, which returns them to `returnUrl`. */
  checkoutUrl(order: OrderRequest, returnUrl: string): Promise<string>;
  status(orderId: string): Promise<ProviderOrder>;
  /**
   * Refunds (all or part of) an approved order. A retry with the same arguments refunds once: the
   * provider is given a key derived from them. Two separate refunds of the same amount of one order
   * need their own `key` each (e.g. the refund's own id), or the second would count as a retry.
   */
  reverse(orderId: string, amount: number, currency: string, key?: string): Promise<ProviderOrder>;
  /**
   * The order a callback speaks of, or null when its signature does not hold. A signed callback with a
   * status the app does not know throws a ProviderError (code UNKNOWN_STATUS).
   */
  verifyCallback(body: unknown): Promise<ProviderOrder | null>;
}

/** The provider refused a request (bad merchant data, duplicate order, unknown order, unreachable). */
export class ProviderError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}
