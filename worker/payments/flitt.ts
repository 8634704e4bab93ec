import { orderStatuses, type OrderStatus } from "../../db/schema/payments";
import {
  ProviderError,
  type CardChargeResult,
  type CardDetails,
  type DeclineKind,
  type OrderRequest,
  type PaymentProvider,
  type ProviderOrder,
} from "./provider";
import { flittSignature, hasValidSignature } from "./signature";

export type FlittConfig = {
  /** https://pay.flitt.com/api, or the local sandbox's. */
  apiUrl: string;
  merchantId: string;
  secret: string;
  mode: "direct" | "hosted";
  /** How requests reach apiUrl: the platform's fetch, or the worker's own entrypoint for the local sandbox. */
  fetch: (request: Request) => Promise<Response>;
};

type Fields = Record<string, unknown>;

const text = (value: unknown): string | null => (value === undefined || value === null || value === "" ? null : String(value));

/** Flitt writes dates as "dd.mm.yyyy hh:mm:ss" (UTC). */
export function flittDate(value: unknown): number | null {
  const match = text(value)?.match(/^(\d{2})\.(\d{2})\.(\d{4})(?: (\d{2}):(\d{2}):(\d{2}))?$/);
  if (!match) return null;
  const [, d, m, y, hh = "0", mm = "0", ss = "0"] = match;
  return Date.UTC(Number(y), Number(m) - 1, Number(d), Number(hh), Number(mm), Number(ss));
}

/** The order data of a Flitt answer or callback, in the provider-neutral shape. */
/**
 * Flitt names a failed 3-D Secure authentication in the declined order's response_description
 * ("3DSecure authentication failed"; Flitt writes 3-D Secure as "3DSecure" or "3D Secure"); any other
 * decline (the bank refused after a passed check, an expired card) is the payment's own.
 */
export function declineKindOf(description: string | null): DeclineKind {
  return description && /3-?d\s?secure\b.*\bauthenticat/i.test(description) ? "authentication" : "declined";
}

export function toProviderOrder(fields: Fields): ProviderOrder {
  const status = text(fields.order_status) as OrderStatus | null;
  if (!status || !orderStatuses.includes(status)) throw new ProviderError("UNKNOWN_STATUS", "Unknown order status");
  const masked = text(fields.masked_card);
  const lifetime = flittDate(fields.rectoken_lifetime);
  // The card's expiry is read from the rectoken's lifetime on one assumption, which the sandbox shares: a
  // token lives until its card expires, so its lifetime is the first moment after the card's last valid
  // month (00:00:00 UTC on the 1st). A lifetime that is not such a moment says nothing about the card:
  // the expiry is then left unknown (the lifetime itself is kept), never guessed from it.
  const atMonthStart = lifetime !== null && new Date(lifetime).getUTCDate() === 1 && lifetime % 86_400_000 === 0;
  const expiry = atMonthStart ? new Date(lifetime - 1) : null;
  return {
    orderId: String(fields.order_id ?? ""),
    status,
    amount: Number(fields.amount),
    currency: String(fields.currency ?? ""),
    paymentId: text(fields.payment_id),
    rectoken: text(fields.rectoken) ? { token: String(fields.rectoken), lifetime } : null,
    card: masked
      ? {
          maskedCard: masked,
          lastFour: masked.slice(-4),
          cardType: text(fields.card_type),
          expiryMonth: expiry ? expiry.getUTCMonth() + 1 : null,
          expiryYear: expiry ? expiry.getUTCFullYear() : null,
        }
      : null,
    reversalAmount: Number(fields.reversal_amount ?? 0) || 0,
    declineReason: status === "declined" ? (text(fields.response_description) ?? "Declined") : null,
    declineKind: status === "declined" ? declineKindOf(text(fields.response_description)) : null,
  };
}

/**
 * Flitt's idempotency key for a reversal (reverse_id, at most 50 characters): the caller's own key
 * when it fits, else a digest of what is refunded (and that key), so a retry after a lost answer
 * sends the same key and is never refunded twice.
 */
export async function reversalKey(orderId: string, amount: number, currency: string, key?: string): Promise<string> {
  if (key && key.length <= 50) return key;
  const base = `${orderId}|${amount}|${currency}${key === undefined ? "" : `|${key}`}`;
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(base));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Flitt's JSON protocol: `{request: {...}}` in, `{response: {...}}` out, both signed. */
export class FlittProvider implements PaymentProvider {
  readonly mode: "direct" | "hosted";

  constructor(private readonly config: FlittConfig) {
    this.mode = config.mode;
  }

  private async call(path: string, fields: Fields): Promise<Fields> {
    const request: Fields = { merchant_id: this.config.merchantId, ...fields };
    request.signature = await flittSignature(this.config.secret, request);
    let res: Response;
    try {
      res = await this.config.fetch(
        new Request(`${this.config.apiUrl}/${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ request }),
        }),
      );
    } catch {
      throw new ProviderError("UNREACHABLE", "The payment provider could not be reached");
    }
    const body = (await res.json().catch(() => null)) as { response?: Fields } | null;
    const response = body?.response;
    if (!response) throw new ProviderError("BAD_RESPONSE", `Unexpected answer (${res.status})`);
    if (response.response_status === "failure") {
      throw new ProviderError(String(response.error_code ?? "FAILURE"), String(response.error_message ?? "Request refused"));
    }
    return response;
  }

  /** Order data is only believed with a valid signature. */
  private async order(response: Fields): Promise<ProviderOrder> {
    if (!(await hasValidSignature(this.config.secret, response)))
      throw new ProviderError("BAD_SIGNATURE", "The provider's answer is not signed by it");
    return toProviderOrder(response);
  }

  private orderFields(order: OrderRequest): Fields {
    return {
      order_id: order.orderId,
      order_desc: order.description,
      amount: order.amount,
      currency: order.currency,
      server_callback_url: order.callbackUrl,
      sender_email: order.email,
      required_rectoken: order.saveCard ? "Y" : undefined,
      verification: order.verification ? "Y" : undefined,
    };
  }

  async payWithCard(order: OrderRequest, card: CardDetails): Promise<CardChargeResult> {
    const expiry = `${String(card.expiryMonth).padStart(2, "0")}${String(card.expiryYear % 100).padStart(2, "0")}`;
    const response = await this.call("3dsecure_step1", {
      ...this.orderFields(order),
      card_number: card.number,
      cvv2: card.cvv,
      expiry_date: expiry,
    });
    if (text(response.acs_url)) {
      return {
        kind: "3ds",
        challenge: { acsUrl: String(response.acs_url), pareq: String(response.pareq ?? ""), md: String(response.md ?? "") },
      };
    }
    return { kind: "done", order: await this.order(response) };
  }

  async complete3ds(orderId: string, answer: { md: string; pares: string }): Promise<ProviderOrder> {
    return this.order(await this.call("3dsecure_step2", { order_id: orderId, md: answer.md, pares: answer.pares }));
  }

  async chargeSavedCard(order: OrderRequest, rectoken: string): Promise<ProviderOrder> {
    return this.order(await this.call("recurring", { ...this.orderFields(order), rectoken }));
  }

  async checkoutUrl(order: OrderRequest, returnUrl: string): Promise<string> {
    const response = await this.call("checkout/url", { ...this.orderFields(order), response_url: returnUrl });
    const url = text(response.checkout_url);
    if (!url) throw new ProviderError("BAD_RESPONSE", "No checkout URL in the answer");
    return url;
  }

  async status(orderId: string): Promise<ProviderOrder> {
    return this.order(await this.call("status/order_id", { order_id: orderId }));
  }

  async reverse(orderId: string, amount: number, currency: string, key?: string): Promise<ProviderOrder> {
    const response = await this.call("reverse/order_id", {
      order_id: orderId,
      amount,
      currency,
      reverse_id: await reversalKey(orderId, amount, currency, key),
    });
    // A bank's refusal comes as a normal answer, not as a failed request.
    if (response.reverse_status === "declined") {
      throw new ProviderError(
        text(response.response_code) ?? "REVERSAL_DECLINED",
        text(response.response_description) ?? "The reversal was declined",
      );
    }
    return this.status(orderId);
  }

  async verifyCallback(body: unknown): Promise<ProviderOrder | null> {
    if (!body || typeof body !== "object" || Array.isArray(body)) return null;
    const fields = body as Fields;
    if (String(fields.merchant_id ?? "") !== String(this.config.merchantId)) return null;
    if (!(await hasValidSignature(this.config.secret, fields))) return null;
    // Signed by Flitt, so toProviderOrder's refusal (a status this app does not know) is the answer.
    return toProviderOrder(fields);
  }
}
