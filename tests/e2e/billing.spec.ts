import { expect, test, type Browser, type Page } from "@playwright/test";
import { registerAndVerify } from "./accounts";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

// The billing journey against the local Flitt sandbox: a new member pays for Frontend Craft Academy,
// finds the receipt e-mail in the dev inbox, sees the receipt in the billing history, prints it (only
// the receipt is on paper); the creator refunds part of it in the community's Payments tab (the member
// stays), then the rest (the membership ends), and staff see it from the community's page.

const PASSWORD = "demo-pass-2026";

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: ownAddress() });
  return context.newPage();
}

test("a paid membership's receipt: mailed, listed, printable; the creator's refund ends the membership", async ({ browser }) => {
  test.setTimeout(120_000);
  const origin = test.info().project.use.baseURL!;
  const stamp = Date.now();
  const email = `receipt-${stamp}@example.com`;
  const payerName = `Tamar Payer${stamp}`;
  const page = await newPage(browser);
  await registerAndVerify(page, { firstName: "Tamar", lastName: `Payer${stamp}`, email, password: PASSWORD });

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

  // The creator refunds in the community's Payments tab: an amount over what was paid is refused in
  // place, a part keeps the membership, the rest ends it.
  const creator = await newPage(browser);
  const signedIn = await creator.request.post("/api/auth/sign-in/email", {
    data: { email: "ana@example.com", password: PASSWORD },
    headers: { origin },
  });
  expect(signedIn.ok()).toBe(true);
  await creator.goto(`/?id=${academy}`);
  await creator.goto("/settings?tab=payments");
  const row = creator.getByRole("listitem").filter({ hasText: payerName });
  await expect(row).toContainText("Paid");
  await row.getByRole("button", { name: "Refund" }).click();
  const dialog = creator.getByRole("dialog", { name: "Refund payment" });
  const amount = dialog.getByLabel("Amount (₾)");
  const full = await amount.inputValue();
  await amount.fill("100000");
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(dialog.getByText(/Enter an amount from ₾0\.01 to/)).toBeVisible();
  await amount.fill("5");
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Paid, ₾5 refunded");
  expect((await page.request.get(`/api/communities/${academy}/posts`)).ok()).toBe(true);

  await row.getByRole("button", { name: "Refund" }).click();
  // What is left is offered: the full amount less the part already refunded.
  await expect(amount).toHaveValue((Number(full) - 5).toFixed(2));
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Refunded");
  await expect(row.getByRole("button", { name: "Refund" })).toBeHidden();

  // Staff see the same from the community's page, whoever owns it.
  const staff = await newPage(browser);
  const staffIn = await staff.request.post("/api/auth/sign-in/email", {
    data: { email: "staff@example.com", password: PASSWORD },
    headers: { origin },
  });
  expect(staffIn.ok()).toBe(true);
  await staff.goto(`/communities/${academy}`);
  await staff.getByRole("link", { name: "Payments (staff)" }).click();
  await expect(staff.getByRole("heading", { name: "Payments: Frontend Craft Academy" })).toBeVisible();
  await expect(staff.getByRole("listitem").filter({ hasText: payerName })).toContainText("Refunded");

  const feed = await page.request.get(`/api/communities/${academy}/posts`);
  expect(feed.ok()).toBe(false);
  await page.goto("/billing");
  await expect(page.getByText("Refunded").first()).toBeVisible();
});
