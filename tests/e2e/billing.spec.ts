import { expect, test, type Browser, type Page } from "@playwright/test";
import { registerAndVerify } from "./accounts";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

// The billing journey against the local Flitt sandbox: a new member pays for Frontend Craft Academy,
// finds the receipt e-mail in the dev inbox, sees the receipt in the billing history, prints it (only
// the receipt is on paper), and when the creator refunds the payment in full, the membership ends.

const PASSWORD = "demo-pass-2026";

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: ownAddress() });
  return context.newPage();
}

test("a paid membership's receipt: mailed, listed, printable; the creator's refund ends the membership", async ({ browser }) => {
  const origin = test.info().project.use.baseURL!;
  const stamp = Date.now();
  const email = `receipt-${stamp}@example.com`;
  const page = await newPage(browser);
  await registerAndVerify(page, { firstName: "Tamar", lastName: "Payer", email, password: PASSWORD });

  const found = await page.request.get(`/api/communities?q=${encodeURIComponent("Frontend Craft Academy")}`);
  const academy = ((await found.json()) as { items: { id: string; name: string }[] }).items.find(
    (c) => c.name === "Frontend Craft Academy",
  )!.id;
  const paid = await page.request.post("/api/payments/join", {
    headers: { origin, "idempotency-key": crypto.randomUUID() },
    data: {
      communityId: academy,
      card: { number: "4444555511116666", expiry: "12/39", cvv: "123", holder: "Tamar Payer" },
      saveCard: false,
    },
  });
  const order = (await paid.json()) as { orderId: string; status: string };
  expect(order).toMatchObject({ status: "approved" });

  // The receipt e-mail, in the dev inbox.
  await expect(async () => {
    await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
    await expect(page.getByText(/Your receipt AG-\d{4}-\d{6}/).first()).toBeVisible({ timeout: 1000 });
  }).toPass();

  // Billing history, reached from My Subscriptions, and the receipt opened from it.
  await page.goto("/my-subscriptions");
  await page.getByRole("link", { name: "Billing history" }).click();
  await expect(page.getByRole("heading", { name: "Billing history" })).toBeVisible();
  await page.getByRole("link", { name: /Frontend Craft Academy/ }).click();
  const receipt = page.locator("#receipt");
  await expect(receipt.getByRole("heading", { name: /Receipt AG-/ })).toBeVisible();
  await expect(receipt).toContainText("₾");
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();

  // On paper: the receipt alone, without the app's header and the Print button.
  const chrome = page.getByRole("banner").first();
  await expect(chrome).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(chrome).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(receipt.getByRole("heading", { name: /Receipt AG-/ })).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  // The creator refunds the payment in full: the membership ends.
  const creator = await newPage(browser);
  const signedIn = await creator.request.post("/api/auth/sign-in/email", {
    data: { email: "ana@example.com", password: PASSWORD },
    headers: { origin },
  });
  expect(signedIn.ok()).toBe(true);
  const payments = await creator.request.get(`/api/payments/communities/${academy}`);
  expect(((await payments.json()) as { items: { orderId: string }[] }).items.map((p) => p.orderId)).toContain(order.orderId);
  const refunded = await creator.request.post(`/api/payments/orders/${order.orderId}/refund`, {
    headers: { origin },
    data: { amount: 1_000_000, key: `journey${stamp}` },
  });
  expect(refunded.status()).toBe(422);
  const left = ((await payments.json()) as { items: { orderId: string; amount: number }[] }).items.find(
    (p) => p.orderId === order.orderId,
  )!.amount;
  const full = await creator.request.post(`/api/payments/orders/${order.orderId}/refund`, {
    headers: { origin },
    data: { amount: left, key: `journey${stamp}` },
  });
  expect(((await full.json()) as { status: string }).status).toBe("reversed");
  const feed = await page.request.get(`/api/communities/${academy}/posts`);
  expect(feed.ok()).toBe(false);
  await page.goto("/billing");
  await expect(page.getByText("Refunded").first()).toBeVisible();
});
