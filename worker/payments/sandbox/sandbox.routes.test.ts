import { describe, expect, it } from "vitest";
import { newId } from "../../../common/ids";
import { call } from "../../../tests/factories";
import { sandboxCallback } from "../../../tests/payments";
import { flittSignature, hasValidSignature } from "../signature";

/**
 * The sandbox's wire protocol as Flitt's own SDKs and documentation use it: paths with a trailing
 * slash, form-encoded requests and answers, signed reversal answers, callbacks and checkout answers
 * carrying Flitt's fields.
 */

type Fields = Record<string, unknown>;
const MERCHANT = "1549901";
const APPROVE = "4444555511116666";

async function signed(fields: Fields): Promise<Fields> {
  const request = { merchant_id: MERCHANT, ...fields };
  return { ...request, signature: await flittSignature("test", request) };
}

async function api(path: string, fields: Fields): Promise<Fields> {
  const res = await call(`/dev/flitt/api/${path}`, { body: { request: await signed(fields) } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { response: Fields }).response;
}

async function apiForm(path: string, fields: Fields): Promise<Record<string, string>> {
  const form = new URLSearchParams(Object.entries(await signed(fields)).map(([k, v]) => [k, String(v)]));
  // Flitt's Node SDK sends its header value this way ("Content-type: ..."): only the media type counts.
  const res = await call(`/dev/flitt/api/${path}`, {
    rawBody: form.toString(),
    headers: { "content-type": "Content-type: application/x-www-form-urlencoded" },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/x-www-form-urlencoded");
  return Object.fromEntries(new URLSearchParams(new TextDecoder().decode(await res.arrayBuffer())));
}

async function paidOrder(amount = 1000) {
  const orderId = newId();
  const paid = await api("3dsecure_step1/", {
    order_id: orderId,
    order_desc: "Test order",
    amount,
    currency: "GEL",
    card_number: APPROVE,
    cvv2: "123",
    expiry_date: `12${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, "0")}`,
    server_callback_url: "http://app.test/api/payments/flitt/callback",
  });
  expect(paid.order_status).toBe("approved");
  return orderId;
}

describe("Flitt sandbox protocol", () => {
  it("answers every API path with and without a trailing slash", async () => {
    const orderId = await paidOrder();
    for (const path of ["status/order_id", "status/order_id/"]) {
      const answer = await api(path, { order_id: orderId });
      expect(answer).toMatchObject({ response_status: "success", order_status: "approved", order_id: orderId });
      expect(await hasValidSignature("test", answer)).toBe(true);
    }
  });

  it("takes form-encoded requests and answers them form-encoded, signed", async () => {
    const orderId = await paidOrder();
    const answer = await apiForm("status/order_id/", { order_id: orderId });
    expect(answer).toMatchObject({ order_id: orderId, order_status: "approved", merchant_id: MERCHANT, amount: "1000" });
    expect(await hasValidSignature("test", answer)).toBe(true);
    const refused = await apiForm("status/order_id/", { order_id: newId() });
    expect(refused).toMatchObject({ response_status: "failure", error_code: "1018", error_message: "Order not found" });
    expect(refused.request_id).toBeTruthy();
  });

  it("answers a reversal signed, with the merchant, currency and key; a retry with the key refunds once", async () => {
    const orderId = await paidOrder();
    const reverse = { order_id: orderId, amount: 300, currency: "GEL", reverse_id: "refund-1" };
    const first = await api("reverse/order_id/", reverse);
    expect(first).toMatchObject({
      response_status: "success",
      reverse_status: "approved",
      merchant_id: Number(MERCHANT),
      currency: "GEL",
      order_id: orderId,
      reversal_amount: "300",
      reverse_id: "refund-1",
    });
    expect(await hasValidSignature("test", first)).toBe(true);
    const again = await api("reverse/order_id/", reverse);
    expect(again).toEqual(first);
    expect((await api("status/order_id", { order_id: orderId })).reversal_amount).toBe("300");
    const otherAmount = await api("reverse/order_id/", { ...reverse, amount: 200 });
    expect(otherAmount).toMatchObject({ response_status: "failure", error_code: 1011 });
    const tooLong = await api("reverse/order_id/", { ...reverse, reverse_id: "k".repeat(51) });
    expect(tooLong).toMatchObject({ response_status: "failure", error_code: 1011 });
    const over = await api("reverse/order_id/", { order_id: orderId, amount: 701, currency: "GEL", reverse_id: "refund-2" });
    expect(over).toMatchObject({ response_status: "failure", error_code: 1011, error_message: "Parameter `amount` is invalid" });
  });

  it("answers a reversal the bank refuses as a signed, declined reversal", async () => {
    const email = `refused-${newId()}@example.com`;
    const orderId = newId();
    await api("3dsecure_step1", {
      order_id: orderId,
      order_desc: "Test order",
      amount: 1000,
      currency: "GEL",
      sender_email: email,
      card_number: APPROVE,
      cvv2: "123",
      expiry_date: `12${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, "0")}`,
    });
    await call("/dev/flitt/faults", { body: { email, reversals: 1 } });
    const refused = await api("reverse/order_id", { order_id: orderId, amount: 1000, currency: "GEL", reverse_id: "r1" });
    expect(refused).toMatchObject({
      response_status: "success",
      reverse_status: "declined",
      merchant_id: Number(MERCHANT),
      currency: "GEL",
      reversal_amount: "0",
      response_code: "1020",
      response_description: "Reversal declined by the bank",
    });
    expect(refused.error_code).toBeUndefined();
    expect(await hasValidSignature("test", refused)).toBe(true);
    // A refused reversal does not use up its key: the retry goes through.
    const retried = await api("reverse/order_id", { order_id: orderId, amount: 1000, currency: "GEL", reverse_id: "r1" });
    expect(retried).toMatchObject({ reverse_status: "approved", reversal_amount: "1000" });
  });

  it("sends callbacks with response_status, signed like a status answer", async () => {
    const orderId = await paidOrder();
    const callback = await sandboxCallback(orderId);
    expect(callback).toMatchObject({ response_status: "success", order_status: "approved", order_id: orderId });
    expect(await hasValidSignature("test", callback)).toBe(true);
  });

  it("gives the checkout answer its payment_id", async () => {
    const answer = await api("checkout/url/", {
      order_id: newId(),
      order_desc: "Test order",
      amount: 1000,
      currency: "GEL",
      response_url: "http://app.test/payments/return/x",
    });
    expect(answer).toMatchObject({ response_status: "success" });
    expect(String(answer.checkout_url)).toMatch(/\/dev\/flitt\/checkout\//);
    expect(Number(answer.payment_id)).toBeGreaterThan(0);
  });
});
