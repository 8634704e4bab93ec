import { describe, expect, it } from "vitest";
import { constantTimeEqual, flittSignature, hasValidSignature } from "./signature";

describe("Flitt signature", () => {
  const request = {
    order_id: "TestOrder2",
    order_desc: "Test payment",
    currency: "GEL",
    amount: 1000,
    merchant_id: 1549901,
    server_callback_url: "http://myshop/callback/",
  };

  it("matches the documented known answer", async () => {
    expect(await flittSignature("test", request)).toBe("cd0edb710cbbdb6c2a4d965cdb91fdfabc343215");
  });

  it("skips empty values and the signature fields themselves", async () => {
    const withExtras = { ...request, sender_email: "", rectoken: null, signature: "x", response_signature_string: "y" };
    expect(await flittSignature("test", withExtras)).toBe("cd0edb710cbbdb6c2a4d965cdb91fdfabc343215");
  });

  it("accepts only the right signature under the right secret", async () => {
    const signed = { ...request, signature: await flittSignature("test", request) };
    expect(await hasValidSignature("test", signed)).toBe(true);
    expect(await hasValidSignature("other", signed)).toBe(false);
    expect(await hasValidSignature("test", { ...signed, amount: 1 })).toBe(false);
    expect(await hasValidSignature("test", { ...signed, extra: "added" })).toBe(false);
    expect(await hasValidSignature("test", { ...signed, signature: signed.signature.toUpperCase() })).toBe(true);
    expect(await hasValidSignature("test", { ...request })).toBe(false);
    expect(await hasValidSignature("test", { ...request, signature: "" })).toBe(false);
    expect(await hasValidSignature("test", { ...request, signature: 12 })).toBe(false);
  });

  it("compares strings whatever their lengths", () => {
    expect(constantTimeEqual("abc", "abc")).toBe(true);
    expect(constantTimeEqual("abc", "abd")).toBe(false);
    expect(constantTimeEqual("abc", "abcd")).toBe(false);
    expect(constantTimeEqual("", "")).toBe(true);
  });
});
