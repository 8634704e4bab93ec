import { expect, test, type Browser, type Page } from "@playwright/test";
import { registerAndVerify } from "./accounts";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

// The payments journey against the local Flitt sandbox: a new member joins the paid Frontend Craft
// Academy with a new card through 3-D Secure and saves the card, joins a second paid community with the
// saved card, sees the card on /payment-methods, and cancels the subscription, which stays active to
// the end of its period; then creates a community of their own on the Starter plan.

const PASSWORD = "demo-pass-2026";
async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: ownAddress(),
  });
  return context.newPage();
}

/** Signs a demo account in through the API; answers a page whose requests carry the session. */
async function apiAs(browser: Browser, email: string): Promise<Page> {
  const page = await newPage(browser);
  const origin = test.info().project.use.baseURL!;
  const res = await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: { origin } });
  expect(res.ok()).toBe(true);
  return page;
}

/**
 * A second paid community (one-time, 15 ₾), created by Giorgi on the Starter plan (paid memberships
 * are part of Starter and above), its plan paid with a card, and approved by staff.
 */
async function paidCommunity(browser: Browser, name: string): Promise<string> {
  const origin = test.info().project.use.baseURL!;
  const creator = await apiAs(browser, "giorgi@example.com");
  const created = await creator.request.post("/api/communities", {
    headers: { origin },
    data: {
      name,
      description: "Weekly code reviews for paying members.",
      phoneNumber: "+995555123456",
      categoryKey: "technology",
      plan: "starter",
      isPaid: true,
      price: 15,
      paymentType: "single",
    },
  });
  expect(created.status()).toBe(201);
  const { community } = (await created.json()) as { community: { id: string } };
  // The community is on Free until its plan is paid, and sells no membership before.
  const plan = await creator.request.post("/api/payments/plan", {
    headers: { origin, "idempotency-key": crypto.randomUUID() },
    data: {
      communityId: community.id,
      plan: "starter",
      card: { number: "4444555511116666", expiry: "12/39", cvv: "123", holder: "Giorgi Maisuradze" },
      saveCard: false,
    },
  });
  expect(plan.ok()).toBe(true);
  expect(((await plan.json()) as { status: string }).status).toBe("approved");
  const staff = await apiAs(browser, "staff@example.com");
  const approved = await staff.request.post(`/api/admin/communities/${community.id}/approve`, { headers: { origin }, data: {} });
  expect(approved.ok()).toBe(true);
  await creator.context().close();
  await staff.context().close();
  return community.id;
}

async function communityId(page: Page, name: string): Promise<string> {
  const res = await page.request.get(`/api/communities?q=${encodeURIComponent(name)}`);
  const { items } = (await res.json()) as { items: { id: string; name: string }[] };
  return items.find((c) => c.name === name)!.id;
}

test("pay to join with a new card through 3-D Secure, then with the saved card, then cancel the subscription", async ({
  browser,
}) => {
  const stamp = Date.now();
  const second = await paidCommunity(browser, `Code Review Club ${stamp}`);
  const page = await newPage(browser);
  await registerAndVerify(page, {
    firstName: "Nino",
    lastName: "Payer",
    email: `payer-${stamp}@example.com`,
    password: PASSWORD,
  });

  // The paid community's Join goes to the payment screen; with no saved card, straight to the card form,
  // whose back link leads to the community (there are no saved cards to go back to).
  const academy = await communityId(page, "Frontend Craft Academy");
  await page.goto(`/communities/${academy}`);
  await page
    .getByRole("link", { name: /Join for/ })
    .first()
    .click();
  await expect(page).toHaveURL(/join-payment-input/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", `/communities/${academy}`);

  // The spec's field messages, then a valid 3-D Secure test card.
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByText("Invalid card number")).toBeVisible();
  await expect(page.getByText("Cardholder name is required")).toBeVisible();
  await page.getByLabel("Card Number").fill("4444555566661111");
  await page.getByLabel("Expiry Date").fill("1230");
  await page.getByLabel("CVV").fill("123");
  await page.getByLabel("Cardholder Name").fill("Nino Payer");
  await expect(page.getByText("Invalid card number")).toBeHidden();
  await expect(page.getByLabel("Save card for future payments")).toBeChecked();
  await expect(page.getByLabel("Email")).toHaveValue(`payer-${stamp}@example.com`);
  await page.screenshot({ path: "/tmp/pay-shots/card-form.png", fullPage: true });
  await page.getByRole("button", { name: "Pay ₾29" }).click();

  const dialog = page.getByRole("dialog", { name: "3D Secure Verification" });
  await expect(dialog).toBeVisible();
  const bank = dialog.frameLocator("iframe");
  await expect(bank.getByRole("button", { name: "Confirm" })).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: "/tmp/pay-shots/three-ds.png" });
  await bank.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Welcome! You've successfully joined Frontend Craft Academy")).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(new RegExp(`/communities/${academy}$`));

  // The second community: the saved card is preselected.
  await page.goto(`/communities/${second}`);
  await page
    .getByRole("link", { name: /Join for/ })
    .first()
    .click();
  await expect(page.getByText("Saved Cards (1)")).toBeVisible();
  await expect(page.getByRole("radio", { name: /ending in 1111/ })).toBeChecked();
  await page.screenshot({ path: "/tmp/pay-shots/saved-card.png", fullPage: true });
  await page.getByRole("button", { name: "Pay ₾15" }).click();
  await expect(page.getByText(`Welcome! You've successfully joined Code Review Club ${stamp}`)).toBeVisible({ timeout: 15_000 });

  await page.goto("/payment-methods");
  await expect(page.getByRole("heading", { name: "Saved Cards (1)" })).toBeVisible();
  await expect(page.getByText("444455XXXXXX1111")).toBeVisible();
  await expect(page.getByText("Default", { exact: true })).toBeVisible();

  // Cancelling keeps the subscription to the end of the paid period.
  await page.goto("/my-subscriptions");
  const row = page.getByRole("listitem").filter({ hasText: "Frontend Craft Academy" });
  await expect(row.getByText("Active", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: "Cancel Subscription" }).click();
  const confirm = page.getByRole("dialog", { name: "Cancel subscription?" });
  await confirm.getByRole("button", { name: "Cancel Subscription" }).click();
  await expect(row.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(row.getByText(/^Active until /)).toBeVisible();
  await expect(row.getByRole("button", { name: "Resubscribe" })).toBeVisible();
  await page.screenshot({ path: "/tmp/pay-shots/subscriptions.png", fullPage: true });

  // A community of their own on the Starter plan, paid with the saved card.
  await page.goto("/communities/create");
  await page.getByLabel("Community name").fill(`Starter Studio ${stamp}`);
  await page.getByLabel("Description").fill("Design critiques for people starting out.");
  await page.getByLabel("Phone number").fill("555123456");
  await page.getByLabel("Category").selectOption({ label: "Design" });
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Choose Starter" }).click();
  await expect(page).toHaveURL(/\/payment\/input\?/);
  await expect(page.getByRole("radio", { name: /ending in 1111/ })).toBeChecked();
  await page.getByRole("button", { name: "Pay ₾19" }).click();
  await expect(page.getByText("Your Starter plan is active")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("dialog", { name: "Community Under Review" })).toBeVisible();
  await page.screenshot({ path: "/tmp/pay-shots/starter.png", fullPage: true });
  await page.goto("/my-subscriptions");
  await expect(page.getByText(`Starter Studio ${stamp}: Starter plan`)).toBeVisible();
});
