import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newId } from "../../../common/ids";
import { call, createUser, expectError, type TestUser } from "../../../tests/factories";
import {
  APPROVE,
  APPROVE_3DS,
  DECLINE,
  callHosted,
  newCard,
  provider,
  returnFrom3ds,
  type Result,
} from "../../../tests/payments";

type Method = { id: string; maskedCard: string; lastFour: string; isDefault: boolean; expiryMonth: number; expiryYear: number };

const addCard = (u: TestUser | undefined, card: object, key: string | null = newId()) =>
  call("/api/payments/methods", { body: { card }, cookie: u?.cookie, headers: key ? { "idempotency-key": key } : {} });
const list = async (u: TestUser) =>
  ((await (await call("/api/payments/methods", { cookie: u.cookie })).json()) as { items: Method[] }).items;

describe("saved cards", () => {
  it("a new card is checked with a refunded charge and saved; the first is the default", async () => {
    const u = await createUser();
    const res = await addCard(u, newCard(APPROVE));
    expect(res.status).toBe(200);
    const result = (await res.json()) as Result;
    expect(result.status).toBe("approved");
    expect((await provider().status(result.orderId)).status).toBe("reversed");
    const cards = await list(u);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      maskedCard: "444455XXXXXX6666",
      lastFour: "6666",
      isDefault: true,
      expiryMonth: 12,
      expiryYear: 2039,
    });
  });

  it("through 3-D Secure too", async () => {
    const u = await createUser();
    const result = (await (await addCard(u, newCard(APPROVE_3DS))).json()) as Result;
    expect(result.status).toBe("requires_3ds");
    expect(await list(u)).toHaveLength(0);
    await returnFrom3ds(result);
    expect(await list(u)).toHaveLength(1);
  });

  it("a declined card is not saved; bad fields get the add-card screen's messages", async () => {
    const u = await createUser();
    const declined = (await (await addCard(u, newCard(DECLINE))).json()) as Result;
    expect(declined).toMatchObject({ status: "declined", message: "Failed to save payment method" });
    expect(await list(u)).toHaveLength(0);
    const bad = await expectError(await addCard(u, { number: "12", expiry: "00/10", cvv: "1", holder: "" }), 422);
    expect(bad.error.issues).toEqual(
      expect.arrayContaining([
        { path: "card.number", message: "Please enter a valid card number" },
        { path: "card.expiry", message: "Please enter a valid expiry date" },
        { path: "card.cvv", message: "Please enter a valid CVV" },
        { path: "card.holder", message: "Cardholder name is required" },
      ]),
    );
    // Length only on this screen: a number failing Luhn is still tried (and the sandbox declines it).
    expect((await addCard(u, { ...newCard(APPROVE), number: "4444555511116667" })).status).toBe(200);
    await expectError(await addCard(undefined, newCard(APPROVE)), 401);
  });

  it("make default, delete (the next card becomes default), and none of it on someone else's card", async () => {
    const u = await createUser();
    const other = await createUser();
    await addCard(u, newCard(APPROVE));
    await addCard(u, { ...newCard(APPROVE), expiry: "11/38" });
    const [first, second] = await list(u);
    expect(first!.isDefault).toBe(true);
    const res = await call(`/api/payments/methods/${second!.id}/default`, { method: "POST", cookie: u.cookie });
    expect(res.status).toBe(200);
    const after = ((await res.json()) as { items: Method[] }).items;
    expect(after.filter((m) => m.isDefault).map((m) => m.id)).toEqual([second!.id]);
    await expectError(await call(`/api/payments/methods/${second!.id}/default`, { method: "POST", cookie: other.cookie }), 404);
    await expectError(await call(`/api/payments/methods/${second!.id}`, { method: "DELETE", cookie: other.cookie }), 404);
    expect((await call(`/api/payments/methods/${second!.id}`, { method: "DELETE", cookie: u.cookie })).status).toBe(200);
    const left = await list(u);
    expect(left.map((m) => [m.id, m.isDefault])).toEqual([[first!.id, true]]);
    const stored = await env.DB.prepare("select rectoken, is_active from user_payment_methods where id = ?")
      .bind(second!.id)
      .first();
    expect(stored).toEqual({ rectoken: "", is_active: 0 });
    await expectError(await call(`/api/payments/methods/${second!.id}`, { method: "DELETE", cookie: u.cookie }), 404);
  });

  it("hosted mode: the card is entered on Flitt's page, checked, refunded and saved; never through our form", async () => {
    const u = await createUser();
    const orders = async () =>
      (await env.DB.prepare("select count(*) as n from payment_orders where user_id = ?").bind(u.user.id).first<{ n: number }>())!
        .n;
    const typed = await callHosted("/api/payments/methods", {
      body: { card: newCard(APPROVE) },
      cookie: u.cookie,
      headers: { "idempotency-key": newId() },
    });
    await expectError(typed, 409, "NOT_AVAILABLE");
    await expectError(
      await call("/api/payments/methods", { body: { hosted: true }, cookie: u.cookie, headers: { "idempotency-key": newId() } }),
      409,
      "NOT_AVAILABLE",
    );
    const empty = await expectError(
      await callHosted("/api/payments/methods", { body: {}, cookie: u.cookie, headers: { "idempotency-key": newId() } }),
      422,
    );
    expect(empty.error.issues).toContainEqual({ path: "card.number", message: "Please enter a valid card number" });
    expect(await orders()).toBe(0);

    const res = await callHosted("/api/payments/methods", {
      body: { hosted: true },
      cookie: u.cookie,
      headers: { "idempotency-key": newId() },
    });
    expect(res.status).toBe(200);
    const result = (await res.json()) as Result & { checkoutUrl: string };
    expect(result).toMatchObject({ status: "redirect", checkoutUrl: `http://app.test/dev/flitt/checkout/${result.orderId}` });
    expect(await list(u)).toHaveLength(0);
    const paid = await call(new URL(result.checkoutUrl).pathname, {
      method: "POST",
      rawBody: new URLSearchParams({ card_number: APPROVE, expiry_date: "1239", cvv2: "123" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(paid.headers.get("location")).toBe(`http://app.test/payments/return/${result.orderId}?order_id=${result.orderId}`);
    const back = await call(`/payments/return/${result.orderId}?order_id=${result.orderId}`, { cookie: u.cookie });
    expect(back.headers.get("location")).toBe("/payment-methods");
    expect(await list(u)).toEqual([expect.objectContaining({ maskedCard: "444455XXXXXX6666", isDefault: true })]);
    expect((await provider().status(result.orderId)).status).toBe("reversed");
    expect(await orders()).toBe(1);
  });
});
