import { exports } from "cloudflare:workers";
import { Hono, type Context } from "hono";
import { isDevelopment, type HonoEnv } from "../../env";
import { AppError } from "../../lib/errors";
import { flittSettings, SANDBOX_PATH } from "../config";
import { flittSignature, hasValidSignature } from "../signature";
import { cardType, maskCard, sandboxCards } from "./cards";
import { acsPage, checkoutPage, sandboxPageCsp } from "./pages";
import { issueRectoken, readRectoken } from "./rectoken";
import { newPaymentId, reversalFaults, sandboxOrders, sandboxReversals, sentCallbacks, type SandboxOrder } from "./store";

/**
 * A local Flitt: the same JSON protocol, signatures, test cards, 3-D Secure test page, hosted checkout
 * and signed callbacks, so the real adapter runs end to end without the network. Development and
 * tests only (404 in production).
 */

type Fields = Record<string, unknown>;
type C = Context<HonoEnv>;

/**
 * Flitt answers in the format it was asked in: JSON `{request: {...}}` gets `{response: {...}}`, a
 * form-encoded request (what Flitt's SDKs send in "form" mode) gets a form-encoded answer.
 */
const isForm = (c: C) => /x-www-form-urlencoded/i.test(c.req.header("content-type") ?? "");

function reply(c: C, fields: Fields) {
  if (!isForm(c)) return c.json({ response: fields });
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null) form.set(key, String(value));
  return c.body(form.toString(), 200, { "content-type": "application/x-www-form-urlencoded; charset=utf-8" });
}

const failure = (c: C, code: number, message: string) =>
  reply(c, {
    response_status: "failure",
    error_code: code,
    error_message: message,
    request_id: crypto.randomUUID().slice(0, 13),
  });

/** Flitt's SDKs call every endpoint with a trailing slash, its documentation without: both are served. */
const api = (path: string) => [`/api/${path}`, `/api/${path}/`];

const str = (value: unknown) => (value === undefined || value === null ? "" : String(value));
const flittTime = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(d.getUTCDate())}.${p(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
};

async function orderFields(secret: string, merchantId: string, order: SandboxOrder): Promise<Fields> {
  const rectoken =
    order.status === "approved" && order.wantsToken && order.maskedCard && order.expiresAt
      ? await issueRectoken(secret, {
          approve: order.approveOnCharge,
          maskedCard: order.maskedCard,
          cardType: order.cardType ?? "Card",
          expiresAt: order.expiresAt,
        })
      : "";
  const fields: Fields = {
    // Flitt's callbacks carry it too, so a callback is signed over the same fields as a status answer.
    response_status: "success",
    merchant_id: Number(merchantId),
    order_id: order.orderId,
    payment_id: order.paymentId,
    order_status: order.status,
    amount: String(order.amount),
    actual_amount: String(order.amount),
    currency: order.currency,
    tran_type: "purchase",
    masked_card: order.maskedCard ?? "",
    card_bin: order.maskedCard ? order.maskedCard.slice(0, 6) : "",
    card_type: order.cardType ?? "",
    rectoken,
    rectoken_lifetime: rectoken && order.expiresAt ? flittTime(order.expiresAt) : "",
    reversal_amount: String(order.reversalAmount),
    response_description: order.declineReason ?? "",
    sender_email: order.email ?? "",
    order_time: flittTime(order.createdAt),
  };
  fields.signature = await flittSignature(secret, fields);
  return fields;
}

/** Signed order data to the merchant's server_callback_url, as Flitt does when an order settles. */
async function sendCallback(c: C, order: SandboxOrder) {
  if (!order.callbackUrl) return;
  const { secret, merchantId } = flittSettings(c.env);
  const body = await orderFields(secret, merchantId, order);
  sentCallbacks.push({ url: order.callbackUrl, body });
  const request = new Request(order.callbackUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  c.executionCtx.waitUntil(
    exports.default
      .fetch(request)
      .then((res) => res.body?.cancel())
      .catch(() => undefined),
  );
}

async function answer(c: C, order: SandboxOrder) {
  const { secret, merchantId } = flittSettings(c.env);
  return reply(c, await orderFields(secret, merchantId, order));
}

/**
 * Flitt's signed answer to a reversal. A bank's refusal is a normal answer (reverse_status declined,
 * with the bank's code and words), not a failed request.
 */
async function reverseAnswer(c: C, order: SandboxOrder, outcome: { reverseId: string; amount: number; approved: boolean }) {
  const { secret, merchantId } = flittSettings(c.env);
  const fields: Fields = {
    response_status: "success",
    reverse_status: outcome.approved ? "approved" : "declined",
    merchant_id: Number(merchantId),
    order_id: order.orderId,
    currency: order.currency,
    reversal_amount: String(outcome.approved ? outcome.amount : 0),
    reverse_id: outcome.reverseId,
    response_code: outcome.approved ? "" : "1020",
    response_description: outcome.approved ? "" : "Reversal declined by the bank",
  };
  fields.signature = await flittSignature(secret, fields);
  return reply(c, fields);
}

function settle(order: SandboxOrder, approve: boolean, reason: string | null) {
  order.status = approve ? "approved" : "declined";
  order.declineReason = approve ? null : reason;
  order.md = null;
}

/** The request's fields: JSON `{request: {...}}` or form-encoded. */
async function requestFields(c: C): Promise<Fields | null> {
  // Decoded by hand: workerd warns when .text() reads a body whose media type it does not take for text.
  if (isForm(c)) return Object.fromEntries(new URLSearchParams(new TextDecoder().decode(await c.req.arrayBuffer())));
  const body = (await c.req.json().catch(() => null)) as { request?: unknown } | null;
  const request = body?.request;
  return request && typeof request === "object" && !Array.isArray(request) ? (request as Fields) : null;
}

/** Reads and checks a request: the merchant and its signature. */
async function signedRequest(c: C): Promise<Fields | Response> {
  const request = await requestFields(c);
  if (!request) return failure(c, 1000, "Request is neither JSON {request: {...}} nor form-encoded");
  const { secret, merchantId } = flittSettings(c.env);
  if (str(request.merchant_id) !== merchantId) return failure(c, 1002, "Application error: unknown merchant_id");
  if (!(await hasValidSignature(secret, request))) return failure(c, 1014, "Invalid signature");
  return request;
}

/** A new order from a request, or a failure answer for bad order parameters. */
function newOrder(c: C, request: Fields): SandboxOrder | Response {
  const orderId = str(request.order_id);
  const amount = Number(request.amount);
  if (!orderId) return failure(c, 1011, "Parameter `order_id` is missing");
  if (!Number.isInteger(amount) || amount <= 0) return failure(c, 1011, "Parameter `amount` is invalid");
  if (!/^[A-Z]{3}$/.test(str(request.currency))) return failure(c, 1011, "Parameter `currency` is invalid");
  if (sandboxOrders.has(orderId)) return failure(c, 1013, "Duplicate order_id for merchant");
  const order: SandboxOrder = {
    orderId,
    paymentId: newPaymentId(),
    amount,
    currency: str(request.currency),
    description: str(request.order_desc),
    status: "created",
    callbackUrl: str(request.server_callback_url) || null,
    email: str(request.sender_email) || null,
    wantsToken: request.required_rectoken === "Y",
    approveOnCharge: false,
    maskedCard: null,
    cardType: null,
    expiresAt: null,
    reversalAmount: 0,
    declineReason: null,
    md: null,
    responseUrl: str(request.response_url) || null,
    createdAt: Date.now(),
  };
  sandboxOrders.set(orderId, order);
  return order;
}

/** Applies a card to an order; answers whether it needs 3-D Secure first. */
function applyCard(order: SandboxOrder, card: { number: string; expiry: string }): { threeDs: boolean } {
  const number = card.number.replace(/\s+/g, "");
  const behaviour = sandboxCards[number];
  const month = Number(card.expiry.slice(0, 2));
  const year = 2000 + Number(card.expiry.slice(2, 4));
  order.maskedCard = maskCard(number);
  order.cardType = cardType(number);
  order.expiresAt = Date.UTC(year, month, 1);
  order.approveOnCharge = behaviour?.approve ?? false;
  order.status = "processing";
  if (!/^\d{4}$/.test(card.expiry) || month < 1 || month > 12 || order.expiresAt <= Date.now()) {
    settle(order, false, "Expired card");
    return { threeDs: false };
  }
  if (!behaviour) {
    settle(order, false, "Card is not a sandbox test card");
    return { threeDs: false };
  }
  if (behaviour.threeDs) {
    order.md = crypto.randomUUID();
    return { threeDs: true };
  }
  settle(order, behaviour.approve, "Declined by the card's bank");
  return { threeDs: false };
}

const pares = (md: string, outcome: "Y" | "N") => btoa(`${md}:${outcome}`);

export const flittSandboxRoutes = new Hono<HonoEnv>()
  .use(async (c, next) => {
    if (!isDevelopment(c.env)) throw new AppError("NOT_FOUND", "Not found.");
    await next();
  })
  .on("POST", api("3dsecure_step1"), async (c) => {
    const request = await signedRequest(c);
    if (request instanceof Response) return request;
    const order = newOrder(c, request);
    if (order instanceof Response) return order;
    const { threeDs } = applyCard(order, { number: str(request.card_number), expiry: str(request.expiry_date) });
    if (threeDs) {
      const origin = new URL(c.req.url).origin;
      return reply(c, {
        response_status: "success",
        acs_url: `${origin}${SANDBOX_PATH}/acs`,
        pareq: btoa(`pareq:${order.orderId}`),
        md: order.md,
      });
    }
    await sendCallback(c, order);
    return answer(c, order);
  })
  .on("POST", api("3dsecure_step2"), async (c) => {
    const request = await signedRequest(c);
    if (request instanceof Response) return request;
    const order = sandboxOrders.get(str(request.order_id));
    if (!order) return failure(c, 1018, "Order not found");
    if (order.md === null) return answer(c, order);
    if (str(request.md) !== order.md) return failure(c, 1016, "Invalid md");
    const authenticated = str(request.pares) === pares(order.md, "Y");
    settle(
      order,
      authenticated && order.approveOnCharge,
      authenticated ? "Declined by the card's bank" : "3DSecure authentication failed",
    );
    await sendCallback(c, order);
    return answer(c, order);
  })
  .on("POST", api("recurring"), async (c) => {
    const request = await signedRequest(c);
    if (request instanceof Response) return request;
    const order = newOrder(c, request);
    if (order instanceof Response) return order;
    const card = await readRectoken(flittSettings(c.env).secret, str(request.rectoken));
    order.status = "processing";
    if (!card) settle(order, false, "Invalid rectoken");
    else {
      order.maskedCard = card.maskedCard;
      order.cardType = card.cardType;
      order.expiresAt = card.expiresAt;
      if (card.expiresAt <= Date.now()) settle(order, false, "Expired card");
      else settle(order, card.approve, "Declined by the card's bank");
    }
    await sendCallback(c, order);
    return answer(c, order);
  })
  .on("POST", api("checkout/url"), async (c) => {
    const request = await signedRequest(c);
    if (request instanceof Response) return request;
    const order = newOrder(c, request);
    if (order instanceof Response) return order;
    const origin = new URL(c.req.url).origin;
    return reply(c, {
      response_status: "success",
      checkout_url: `${origin}${SANDBOX_PATH}/checkout/${encodeURIComponent(order.orderId)}`,
      payment_id: order.paymentId,
    });
  })
  .on("POST", api("status/order_id"), async (c) => {
    const request = await signedRequest(c);
    if (request instanceof Response) return request;
    const order = sandboxOrders.get(str(request.order_id));
    if (!order) return failure(c, 1018, "Order not found");
    return answer(c, order);
  })
  .on("POST", api("reverse/order_id"), async (c) => {
    const request = await signedRequest(c);
    if (request instanceof Response) return request;
    const order = sandboxOrders.get(str(request.order_id));
    if (!order) return failure(c, 1018, "Order not found");
    const amount = Number(request.amount);
    const reverseId = str(request.reverse_id);
    if (reverseId.length > 50) return failure(c, 1011, "Parameter `reverse_id` is invalid");
    // A retry with the key of a reversal that went through answers that reversal again: it never refunds twice.
    const keyed = sandboxReversals.get(order.orderId) ?? new Map<string, number>();
    const done = reverseId ? keyed.get(reverseId) : undefined;
    if (done !== undefined) {
      if (done !== amount) return failure(c, 1011, "Parameter `reverse_id` was used for another amount");
      return reverseAnswer(c, order, { reverseId, amount, approved: true });
    }
    if (order.status !== "approved") return failure(c, 1019, "Only approved orders can be reversed");
    if (str(request.currency) !== order.currency) return failure(c, 1011, "Parameter `currency` is invalid");
    if (!Number.isInteger(amount) || amount <= 0 || amount > order.amount - order.reversalAmount)
      return failure(c, 1011, "Parameter `amount` is invalid");
    const faults = reversalFaults.get(order.email ?? "") ?? 0;
    if (faults > 0) {
      reversalFaults.set(order.email ?? "", faults - 1);
      return reverseAnswer(c, order, { reverseId, amount, approved: false });
    }
    order.reversalAmount += amount;
    if (reverseId) sandboxReversals.set(order.orderId, keyed.set(reverseId, amount));
    if (order.reversalAmount >= order.amount) order.status = "reversed";
    await sendCallback(c, order);
    return reverseAnswer(c, order, { reverseId, amount, approved: true });
  })
  .post("/acs", async (c) => {
    const form = await c.req.parseBody();
    const md = str(form.MD);
    const order = [...sandboxOrders.values()].find((o) => o.md !== null && o.md === md);
    c.header("Content-Security-Policy", sandboxPageCsp);
    if (!order) return c.html("<!doctype html><title>3-D Secure</title><p>Unknown or finished 3-D Secure request.</p>", 404);
    return c.html(
      acsPage({
        md,
        termUrl: str(form.TermUrl),
        amount: `${(order.amount / 100).toFixed(2)} ${order.currency}`,
        maskedCard: order.maskedCard ?? "",
        approvePares: pares(md, "Y"),
        failPares: pares(md, "N"),
      }),
    );
  })
  .get("/checkout/:orderId", (c) => {
    const order = sandboxOrders.get(c.req.param("orderId"));
    c.header("Content-Security-Policy", sandboxPageCsp);
    if (!order || order.status !== "created")
      return c.html("<!doctype html><title>Checkout</title><p>Unknown or finished order.</p>", 404);
    return c.html(
      checkoutPage({
        action: c.req.path,
        amount: `${(order.amount / 100).toFixed(2)} ${order.currency}`,
        description: order.description,
      }),
    );
  })
  .post("/checkout/:orderId", async (c) => {
    const order = sandboxOrders.get(c.req.param("orderId"));
    const form = await c.req.parseBody();
    c.header("Content-Security-Policy", sandboxPageCsp);
    if (!order || order.status !== "created")
      return c.html("<!doctype html><title>Checkout</title><p>Unknown or finished order.</p>", 404);
    const { threeDs } = applyCard(order, { number: str(form.card_number), expiry: str(form.expiry_date).replace(/\D/g, "") });
    // The hosted page authenticates the payer itself, so a 3-D Secure card settles by its outcome here.
    if (threeDs) settle(order, order.approveOnCharge, "Declined by the card's bank");
    await sendCallback(c, order);
    const back = new URL(order.responseUrl ?? "/", c.req.url);
    back.searchParams.set("order_id", order.orderId);
    return c.redirect(back.toString(), 303);
  })
  /** Makes the next `reversals` reversals of this payer's orders fail. */
  .post("/faults", async (c) => {
    const body = (await c.req.json().catch(() => null)) as { email?: unknown; reversals?: unknown } | null;
    const reversals = Number(body?.reversals);
    if (typeof body?.email !== "string" || !Number.isInteger(reversals) || reversals < 0)
      throw new AppError("VALIDATION_FAILED", "Send {email, reversals}.", { issues: [{ path: "email", message: "Required" }] });
    reversalFaults.set(body.email, reversals);
    return c.json({ ok: true });
  })
  /** For tests and the curious: what the sandbox sent. */
  .get("/callbacks", (c) => {
    const orderId = c.req.query("order_id");
    return c.json({ callbacks: sentCallbacks.filter((cb) => !orderId || cb.body.order_id === orderId) });
  });
