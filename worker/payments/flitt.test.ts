import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newId } from "../../common/ids";
import { ORIGIN, call } from "../../tests/factories";
import type { AppEnv } from "../env";
import { flittSettings, paymentProvider } from "./config";
import { FlittProvider, declineKindOf, reversalKey, toProviderOrder } from "./flitt";
import { ProviderError, type OrderRequest } from "./provider";
import { flittSignature } from "./signature";

/** The Flitt adapter against the local sandbox: the real requests, signatures and answers. */

const provider = () => paymentProvider(env as AppEnv, ORIGIN);
const order = (overrides: Partial<OrderRequest> = {}): OrderRequest => ({
  orderId: newId(),
  amount: 2500,
  currency: "GEL",
  description: "Test order",
  saveCard: false,
  callbackUrl: `${ORIGIN}/api/payments/flitt/callback`,
  ...overrides,
});
const card = (number: string, expiryYear = new Date().getUTCFullYear() + 2) => ({
  number,
  expiryMonth: 12,
  expiryYear,
  cvv: "123",
  holder: "Test Holder",
});

async function acsAnswer(md: string, confirm: boolean) {
  const res = await call("/dev/flitt/acs", {
    method: "POST",
    rawBody: new URLSearchParams({ MD: md, PaReq: "x", TermUrl: `${ORIGIN}/api/payments/3ds/return` }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  const html = await res.text();
  const values = [...html.matchAll(/name="PaRes" value="([^"]+)"/g)].map((m) => m[1]!);
  return confirm ? values[0]! : values[1]!;
}

describe("a saved card's expiry from the rectoken's lifetime", () => {
  const answer = (lifetime: string) =>
    toProviderOrder({
      order_id: "o",
      order_status: "approved",
      amount: "1000",
      currency: "GEL",
      masked_card: "444455XXXXXX6666",
      rectoken: "token",
      rectoken_lifetime: lifetime,
    });

  it("reads the card's last valid month from a lifetime that starts the month after it", () => {
    expect(answer("01.01.2030 00:00:00").card).toMatchObject({ expiryMonth: 12, expiryYear: 2029 });
    expect(answer("01.07.2028 00:00:00").card).toMatchObject({ expiryMonth: 6, expiryYear: 2028 });
  });

  it("leaves the expiry unknown for a lifetime that is not a month's first moment, and keeps the lifetime", () => {
    for (const lifetime of ["15.06.2029 12:00:00", "01.06.2029 00:00:01", "31.12.2029 23:59:59"]) {
      const order = answer(lifetime);
      expect(order.card).toMatchObject({ maskedCard: "444455XXXXXX6666", expiryMonth: null, expiryYear: null });
      expect(order.rectoken?.lifetime).toBeGreaterThan(0);
    }
    expect(answer("").card).toMatchObject({ expiryMonth: null, expiryYear: null });
  });
});

describe("Flitt adapter with the sandbox", () => {
  it("approves the test card without 3-D Secure and returns a working rectoken", async () => {
    const p = provider();
    const result = await p.payWithCard(order({ saveCard: true }), card("4444555511116666"));
    expect(result.kind).toBe("done");
    if (result.kind !== "done") return;
    expect(result.order).toMatchObject({ status: "approved", amount: 2500, currency: "GEL" });
    expect(result.order.card).toMatchObject({
      maskedCard: "444455XXXXXX6666",
      lastFour: "6666",
      cardType: "VISA",
      expiryMonth: 12,
    });
    expect(result.order.rectoken?.token).toBeTruthy();
    const renewal = await p.chargeSavedCard(order(), result.order.rectoken!.token);
    expect(renewal.status).toBe("approved");
  });

  it("declines the declining test card, and no rectoken comes with it", async () => {
    const result = await provider().payWithCard(order({ saveCard: true }), card("4444111155556666"));
    expect(result.kind === "done" && result.order.status).toBe("declined");
    expect(result.kind === "done" && result.order.rectoken).toBeNull();
  });

  it("declines an expired card and an unknown card", async () => {
    const expired = await provider().payWithCard(order(), card("4444555511116666", 2020));
    expect(expired.kind === "done" && expired.order.declineReason).toBe("Expired card");
    const other = await provider().payWithCard(order(), card("4111111111111111"));
    expect(other.kind === "done" && other.order.status).toBe("declined");
  });

  it("runs 3-D Secure: challenge, the test bank's answer, then the order's final status", async () => {
    const p = provider();
    const o = order({ saveCard: true });
    const result = await p.payWithCard(o, card("4444555566661111"));
    expect(result.kind).toBe("3ds");
    if (result.kind !== "3ds") return;
    expect(result.challenge.acsUrl).toBe(`${ORIGIN}/dev/flitt/acs`);
    expect((await p.status(o.orderId)).status).toBe("processing");
    const pares = await acsAnswer(result.challenge.md, true);
    const done = await p.complete3ds(o.orderId, { md: result.challenge.md, pares });
    expect(done.status).toBe("approved");
    expect(done.rectoken).not.toBeNull();
    // Completing again changes nothing.
    expect((await p.complete3ds(o.orderId, { md: result.challenge.md, pares })).status).toBe("approved");
  });

  it("declines when the payer fails 3-D Secure, and when the 3-D Secure card declines", async () => {
    const p = provider();
    const a = order();
    const first = await p.payWithCard(a, card("4444555566661111"));
    if (first.kind !== "3ds") throw new Error("expected 3-D Secure");
    const failed = await p.complete3ds(a.orderId, { md: first.challenge.md, pares: await acsAnswer(first.challenge.md, false) });
    expect(failed).toMatchObject({
      status: "declined",
      declineReason: "3DSecure authentication failed",
      declineKind: "authentication",
    });
    const b = order();
    const second = await p.payWithCard(b, card("4444111166665555"));
    if (second.kind !== "3ds") throw new Error("expected 3-D Secure");
    const declined = await p.complete3ds(b.orderId, {
      md: second.challenge.md,
      pares: await acsAnswer(second.challenge.md, true),
    });
    expect(declined).toMatchObject({ status: "declined", declineKind: "declined" });
  });

  it("tells a failed 3-D Secure authentication from any other decline by Flitt's description", () => {
    for (const text of ["3DSecure authentication failed", "3D Secure authentication failed", "3-D Secure: authentication failed"])
      expect(declineKindOf(text)).toBe("authentication");
    for (const text of ["Declined by the card's bank", "Expired card", "Insufficient funds", null])
      expect(declineKindOf(text)).toBe("declined");
  });

  it("refuses a wrong md for 3-D Secure", async () => {
    const p = provider();
    const o = order();
    const first = await p.payWithCard(o, card("4444555566661111"));
    if (first.kind !== "3ds") throw new Error("expected 3-D Secure");
    await expect(p.complete3ds(o.orderId, { md: "forged", pares: "x" })).rejects.toBeInstanceOf(ProviderError);
    expect((await p.status(o.orderId)).status).toBe("processing");
  });

  it("refuses a second order with the same id: one order, one charge", async () => {
    const p = provider();
    const o = order();
    await p.payWithCard(o, card("4444555511116666"));
    await expect(p.payWithCard(o, card("4444555511116666"))).rejects.toMatchObject({ code: "1013" });
  });

  it("reverses an approved order, fully or in part", async () => {
    const p = provider();
    const o = order({ amount: 1000 });
    await p.payWithCard(o, card("4444555511116666"));
    const part = await p.reverse(o.orderId, 400, "GEL");
    expect(part).toMatchObject({ status: "approved", reversalAmount: 400 });
    const rest = await p.reverse(o.orderId, 600, "GEL");
    expect(rest).toMatchObject({ status: "reversed", reversalAmount: 1000 });
    await expect(p.reverse(o.orderId, 1, "GEL")).rejects.toBeInstanceOf(ProviderError);
  });

  it("refunds once when a reversal is sent again, and twice when each refund has its own key", async () => {
    const p = provider();
    const o = order({ amount: 1000 });
    await p.payWithCard(o, card("4444555511116666"));
    expect(await p.reverse(o.orderId, 300, "GEL")).toMatchObject({ reversalAmount: 300 });
    expect(await p.reverse(o.orderId, 300, "GEL")).toMatchObject({ status: "approved", reversalAmount: 300 });
    expect(await p.reverse(o.orderId, 300, "GEL", "refund-2")).toMatchObject({ reversalAmount: 600 });
    expect(await p.reverse(o.orderId, 400, "GEL")).toMatchObject({ status: "reversed", reversalAmount: 1000 });
    // Retried after the order is fully reversed: still the one reversal, not a refusal.
    expect(await p.reverse(o.orderId, 400, "GEL")).toMatchObject({ status: "reversed", reversalAmount: 1000 });
    expect(await reversalKey(o.orderId, 400, "GEL")).toMatch(/^[0-9a-f]{40}$/);
    expect(await reversalKey(o.orderId, 400, "GEL", "refund-2")).toBe("refund-2");
    const long = "k".repeat(51);
    expect(await reversalKey(o.orderId, 400, "GEL", long)).toBe(await reversalKey(o.orderId, 400, "GEL", long));
    expect(await reversalKey(o.orderId, 400, "GEL", long)).toMatch(/^[0-9a-f]{40}$/);
  });

  it("reports a reversal the bank refuses as a provider error, and a later attempt goes through", async () => {
    const p = provider();
    const email = `refused-${newId()}@example.com`;
    const o = order({ amount: 1000, email });
    await p.payWithCard(o, card("4444555511116666"));
    expect((await call("/dev/flitt/faults", { body: { email, reversals: 1 } })).status).toBe(200);
    await expect(p.reverse(o.orderId, 1000, "GEL")).rejects.toMatchObject({
      code: "1020",
      message: "Reversal declined by the bank",
    });
    expect((await p.status(o.orderId)).reversalAmount).toBe(0);
    expect(await p.reverse(o.orderId, 1000, "GEL")).toMatchObject({ status: "reversed", reversalAmount: 1000 });
  });

  it("declines a forged or unknown rectoken", async () => {
    expect((await provider().chargeSavedCard(order(), "seed-rectoken-ana")).status).toBe("declined");
    expect((await provider().chargeSavedCard(order(), "eyJ4IjoxfQ.AAAA")).status).toBe("declined");
  });

  it("reports an unknown order as a provider error", async () => {
    await expect(provider().status(newId())).rejects.toMatchObject({ code: "1018" });
  });

  it("refuses requests signed with the wrong secret", async () => {
    const wrongSecret = paymentProvider({ ...(env as AppEnv), FLITT_SECRET: "not-the-secret" }, ORIGIN);
    await expect(wrongSecret.status(newId())).rejects.toMatchObject({ code: "1014" });
  });

  it("does not believe an answer whose signature does not hold", async () => {
    const p = provider();
    const o = order();
    await p.payWithCard(o, card("4444555511116666"));
    const { exports } = await import("cloudflare:workers");
    const tampering = new FlittProvider({
      ...{ apiUrl: `${ORIGIN}/dev/flitt/api`, merchantId: "1549901", secret: "test", mode: "direct" },
      fetch: async (request) => {
        const res = await exports.default.fetch(request);
        const body = (await res.json()) as { response: Record<string, unknown> };
        body.response.order_status = "approved";
        body.response.amount = "1";
        return Response.json(body);
      },
    });
    await expect(tampering.status(o.orderId)).rejects.toMatchObject({ code: "BAD_SIGNATURE" });
  });

  it("verifies callbacks: signature, merchant and fields", async () => {
    const p = provider();
    const fields = { order_id: "o1", merchant_id: 1549901, order_status: "approved", amount: "2500", currency: "GEL" };
    const signed = { ...fields, signature: await flittSignature("test", fields) };
    expect(await p.verifyCallback(signed)).toMatchObject({ orderId: "o1", status: "approved", amount: 2500 });
    expect(await p.verifyCallback({ ...signed, amount: "1" })).toBeNull();
    expect(await p.verifyCallback({ ...signed, order_status: "reversed" })).toBeNull();
    expect(await p.verifyCallback(fields)).toBeNull();
    expect(await p.verifyCallback({ ...signed, signature: "0".repeat(40) })).toBeNull();
    const otherMerchant = { ...fields, merchant_id: 1 };
    expect(await p.verifyCallback({ ...otherMerchant, signature: await flittSignature("test", otherMerchant) })).toBeNull();
    const badStatus = { ...fields, order_status: "paid" };
    await expect(p.verifyCallback({ ...badStatus, signature: await flittSignature("test", badStatus) })).rejects.toMatchObject({
      code: "UNKNOWN_STATUS",
      message: "Unknown order status",
    });
    expect(await p.verifyCallback(null)).toBeNull();
    expect(await p.verifyCallback("x")).toBeNull();
    expect(await p.verifyCallback([signed])).toBeNull();
  });

  it("refuses Flitt's test merchant in production configuration", () => {
    const prod = { ...(env as AppEnv), APP_ENV: "production" };
    expect(() => flittSettings({ ...prod, FLITT_MERCHANT_ID: "1549901", FLITT_SECRET: "test" })).toThrow(/test merchant/);
    expect(() => flittSettings({ ...prod, FLITT_MERCHANT_ID: "1234567", FLITT_SECRET: "test" })).toThrow(/test merchant/);
    expect(() => flittSettings(prod)).toThrow(/not configured/);
    expect(flittSettings({ ...prod, FLITT_MERCHANT_ID: "1234567", FLITT_SECRET: "s3cret" }).apiUrl).toBe(
      "https://pay.flitt.com/api",
    );
  });

  it("hosted mode: the checkout page takes the card and returns the payer; the order is approved", async () => {
    const hosted = paymentProvider({ ...(env as AppEnv), FLITT_MODE: "hosted" }, ORIGIN);
    expect(hosted.mode).toBe("hosted");
    const o = order();
    const url = await hosted.checkoutUrl(o, `${ORIGIN}/payments/return/${o.orderId}`);
    expect(url).toBe(`${ORIGIN}/dev/flitt/checkout/${o.orderId}`);
    const page = await call(new URL(url).pathname);
    expect(await page.text()).toContain('name="card_number"');
    const paid = await call(new URL(url).pathname, {
      method: "POST",
      rawBody: new URLSearchParams({ card_number: "4444555511116666", expiry_date: "1239", cvv2: "123" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`${ORIGIN}/payments/return/${o.orderId}?order_id=${o.orderId}`);
    expect((await hosted.status(o.orderId)).status).toBe("approved");
  });

  it("serves the sandbox only in development and tests", async () => {
    const res = await call("/dev/flitt/api/status/order_id", { body: { request: {} } });
    expect(res.status).toBe(200);
  });
});
