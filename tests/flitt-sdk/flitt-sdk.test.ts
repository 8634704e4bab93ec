import CloudIpsp from "cloudipsp-node-js-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLITT_HOST, startLocalFlitt, type LocalFlitt } from "./local-flitt";

/**
 * Flitt's official Node SDK, unpatched, against the local sandbox: every call the app's billing relies
 * on, and every signed answer checked by the SDK's own signature check.
 */

type Fields = Record<string, unknown>;
const MERCHANT = { merchantId: 1549901, secretKey: "test", baseUrl: FLITT_HOST };
const cards = {
  approve3ds: "4444555566661111",
  decline3ds: "4444111166665555",
  approve: "4444555511116666",
  decline: "4444111155556666",
};
const expiry = `12${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, "0")}`;

let local: LocalFlitt;
const json = () => new CloudIpsp(MERCHANT);
const form = () => new CloudIpsp({ ...MERCHANT, contentType: "form" });

beforeAll(async () => {
  local = await startLocalFlitt();
});
afterAll(async () => {
  await local?.close();
});

const order = (amount = 1000): Fields => ({ order_desc: "Flitt SDK test", currency: "GEL", amount });

/** The path of a page the sandbox sends the payer to, on the sandbox's host. */
function sandboxPath(url: unknown): string {
  const parsed = new URL(String(url));
  expect(parsed.host).toBe(FLITT_HOST);
  return parsed.pathname;
}

function expectSigned(sdk: CloudIpsp, answer: Fields) {
  expect(answer.merchant_id).toBe(MERCHANT.merchantId);
  expect(sdk.isValidResponse(answer)).toBe(true);
  // The check can fail: the same answer with one value changed does not pass.
  expect(sdk.isValidResponse({ ...answer, amount: "1" })).toBe(false);
}

/** What the payer's bank answers on its 3-D Secure page: the PaRes of its confirm or fail button. */
async function bankAnswer(acsUrl: string, md: string, confirm: boolean): Promise<string> {
  const res = await local.browse(acsUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ MD: md, PaReq: "x", TermUrl: "https://merchant.example/3ds" }).toString(),
  });
  expect(res.status).toBe(200);
  const values = [...(await res.text()).matchAll(/name="PaRes" value="([^"]+)"/g)].map((m) => m[1]!);
  return confirm ? values[0]! : values[1]!;
}

describe("Flitt's Node SDK against the local sandbox", () => {
  it("creates a checkout URL with its payment_id, and the hosted page takes Flitt's test card", async () => {
    const sdk = json();
    const request: Fields = { ...order(), response_url: "https://merchant.example/return" };
    const answer = await sdk.Checkout(request);
    expect(answer.response_status).toBe("success");
    expect(sandboxPath(answer.checkout_url)).toBe(`/dev/flitt/checkout/${String(request.order_id)}`);
    expect(Number(answer.payment_id)).toBeGreaterThan(0);
    const paid = await local.browse(String(answer.checkout_url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ card_number: cards.approve, expiry_date: expiry, cvv2: "123" }).toString(),
    });
    expect(paid.status).toBe(303);
    const status = await sdk.Status({ order_id: request.order_id });
    expect(status).toMatchObject({ order_status: "approved", payment_id: answer.payment_id });
    expectSigned(sdk, status);
  });

  it("3-D Secure: approves when the bank confirms, declines the declining card and a failed authentication", async () => {
    // The SDK names the order itself (merchant id and a random suffix), in the request object it is given.
    const sdk = json();
    const request: Fields = { ...order(), card_number: cards.approve3ds, cvv2: "123", expiry_date: expiry };
    const step1 = await sdk.PciDssOne(request);
    expect(step1.response_status).toBe("success");
    expect(sandboxPath(step1.acs_url)).toBe("/dev/flitt/acs");
    expect((await sdk.Status({ order_id: request.order_id })).order_status).toBe("processing");
    const pares = await bankAnswer(String(step1.acs_url), String(step1.md), true);
    const approved = await sdk.PciDssTwo({ order_id: request.order_id, md: step1.md, pares });
    expect(approved).toMatchObject({ order_status: "approved", order_id: request.order_id, amount: "1000", currency: "GEL" });
    expectSigned(sdk, approved);

    for (const [card, confirm, reason] of [
      [cards.decline3ds, true, "Declined by the card's bank"],
      [cards.approve3ds, false, "3DSecure authentication failed"],
    ] as const) {
      const other: Fields = { ...order(), card_number: card, cvv2: "123", expiry_date: expiry };
      const challenge = await sdk.PciDssOne(other);
      const answer = await bankAnswer(String(challenge.acs_url), String(challenge.md), confirm);
      const declined = await sdk.PciDssTwo({ order_id: other.order_id, md: challenge.md, pares: answer });
      expect(declined).toMatchObject({ order_status: "declined", response_description: reason });
      expectSigned(sdk, declined);
    }
  });

  it("without 3-D Secure: approves with a rectoken that recurring charges, declines the declining card", async () => {
    const sdk = json();
    const first = await sdk.PciDssOne({
      ...order(),
      card_number: cards.approve,
      cvv2: "123",
      expiry_date: expiry,
      required_rectoken: "Y",
    });
    expect(first).toMatchObject({ order_status: "approved", masked_card: "444455XXXXXX6666" });
    expectSigned(sdk, first);
    expect(first.rectoken).toBeTruthy();
    const renewal = await sdk.Recurring({ ...order(2500), rectoken: first.rectoken });
    expect(renewal).toMatchObject({ order_status: "approved", amount: "2500", masked_card: "444455XXXXXX6666" });
    expectSigned(sdk, renewal);
    const declined = await sdk.PciDssOne({ ...order(), card_number: cards.decline, cvv2: "123", expiry_date: expiry });
    expect(declined).toMatchObject({ order_status: "declined" });
    expectSigned(sdk, declined);
  });

  it("reverses in part and in full, signed; a retried reverse_id refunds once; an over-refund is refused", async () => {
    const sdk = json();
    const paid: Fields = { ...order(), card_number: cards.approve, cvv2: "123", expiry_date: expiry };
    await sdk.PciDssOne(paid);
    const orderId = paid.order_id;
    const part = await sdk.Reverse({ order_id: orderId, amount: 400, currency: "GEL", reverse_id: "part-1" });
    expect(part).toMatchObject({ reverse_status: "approved", reversal_amount: "400", currency: "GEL", order_id: orderId });
    expectSigned(sdk, part);
    const retried = await sdk.Reverse({ order_id: orderId, amount: 400, currency: "GEL", reverse_id: "part-1" });
    expect(retried).toMatchObject({ reverse_status: "approved", reversal_amount: "400" });
    expect(await sdk.Status({ order_id: orderId })).toMatchObject({ order_status: "approved", reversal_amount: "400" });

    const over = sdk.Reverse({ order_id: orderId, amount: 601, currency: "GEL" });
    await expect(over).rejects.toMatchObject({ response: { response_status: "failure", error_code: 1011 } });

    const rest = await sdk.Reverse({ order_id: orderId, amount: 600, currency: "GEL", reverse_id: "rest" });
    expect(rest).toMatchObject({ reverse_status: "approved", reversal_amount: "600" });
    expectSigned(sdk, rest);
    const status = await sdk.Status({ order_id: orderId });
    expect(status).toMatchObject({ order_status: "reversed", reversal_amount: "1000" });
    expectSigned(sdk, status);
  });

  it("reports an unknown order as Flitt's failure answer", async () => {
    await expect(json().Status({ order_id: "no-such-order" })).rejects.toMatchObject({
      response: { response_status: "failure", error_code: 1018, error_message: "Order not found" },
    });
  });

  it("speaks form-encoded as well: status and reverse answers pass the SDK's check", async () => {
    const sdk = form();
    const paid: Fields = { ...order(), card_number: cards.approve, cvv2: "123", expiry_date: expiry };
    const approved = await sdk.PciDssOne(paid);
    expect(approved).toMatchObject({ order_status: "approved", merchant_id: String(MERCHANT.merchantId) });
    expect(sdk.isValidResponse(approved)).toBe(true);
    const reversed = await sdk.Reverse({ order_id: paid.order_id, amount: 1000, currency: "GEL" });
    expect(reversed).toMatchObject({ reverse_status: "approved", reversal_amount: "1000", currency: "GEL" });
    expect(sdk.isValidResponse(reversed)).toBe(true);
    const status = await sdk.Status({ order_id: paid.order_id });
    expect(status).toMatchObject({ order_status: "reversed" });
    expect(sdk.isValidResponse(status)).toBe(true);
  });
});
