import { expect, test, type Browser, type Page } from "@playwright/test";
import { registerAndVerify } from "./accounts";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

// Paying again after walking away from the card's bank: a payer who closes the 3-D Secure dialog can pay
// again at once (the abandoned order does not hold the new one back), fails the bank's check once, and
// ends a member; a creator whose
// plan payment was declined, then abandoned in 3-D Secure, finds the way back to it in the community's
// settings and pays. Fresh people and communities only, so no other journey meets them.

const PASSWORD = "demo-pass-2026";
const CARD_3DS = "4444555566661111";
const CARD_DECLINED = "4444111155556666";
const CARD_NO_3DS = "4444555511116666";
const CARD_FIELDS = { expiry: "12/30", cvv: "123", holder: "Owner Retry" };

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: ownAddress(),
  });
  return context.newPage();
}

async function newPerson(browser: Browser, firstName: string, stamp: string): Promise<Page> {
  const page = await newPage(browser);
  await registerAndVerify(page, {
    firstName,
    lastName: `Retry${stamp}`,
    email: `${firstName.toLowerCase()}-retry-${stamp}@example.com`,
    password: PASSWORD,
  });
  return page;
}

/** A write through the API with the page's session, from its own origin (CSRF check). */
async function write(page: Page, path: string, data: object = {}, headers: Record<string, string> = {}) {
  const origin = test.info().project.use.baseURL!;
  const res = await page.request.post(path, { data, headers: { origin, ...headers } });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

async function asStaff(browser: Browser): Promise<Page> {
  const staff = await newPage(browser);
  await write(staff, "/api/auth/sign-in/email", { email: "staff@example.com", password: PASSWORD });
  return staff;
}

async function fillCard(page: Page, number: string, holder: string) {
  await page.getByLabel("Card Number").fill(number);
  await page.getByLabel("Expiry Date").fill("1230");
  await page.getByLabel("CVV").fill("123");
  await page.getByLabel("Cardholder Name").fill(holder);
}

/**
 * The 3-D Secure dialog with the bank's page loaded in it (the order is then at the card's bank), and
 * not the refusal an open order in the way would answer instead.
 */
async function bankPage(page: Page) {
  const dialog = page.getByRole("dialog", { name: "3D Secure Verification" });
  const refused = page.getByText(/is already in progress/);
  await expect(dialog.or(refused)).toBeVisible();
  // Read once, not waited for: a refusal's toast goes away by itself.
  expect(await refused.allInnerTexts()).toEqual([]);
  const bank = dialog.frameLocator("iframe");
  await expect(bank.getByRole("button", { name: "Confirm" })).toBeVisible({ timeout: 15_000 });
  return { dialog, bank };
}

test("closing the 3-D Secure dialog, reloading and paying again at once joins the paid community", async ({ browser }) => {
  test.setTimeout(150_000);
  const stamp = String(Date.now());
  const name = `Retry Reading Club ${stamp}`;

  // A paid community (one-time, 15 ₾) of a fresh owner, on the Starter plan (paid memberships need it,
  // paid here without 3-D Secure), approved by staff.
  const owner = await newPerson(browser, "Owner", stamp);
  const { community } = (await write(owner, "/api/communities", {
    name,
    description: "Weekly reading for paying members.",
    phoneNumber: "+995555123456",
    categoryKey: "education",
    plan: "starter",
    isPaid: true,
    price: 15,
    paymentType: "single",
  })) as { community: { id: string } };
  const plan = (await write(
    owner,
    "/api/payments/plan",
    { communityId: community.id, plan: "starter", card: { ...CARD_FIELDS, number: CARD_NO_3DS }, saveCard: false },
    { "idempotency-key": `retry-plan-${stamp}` },
  )) as { status: string };
  expect(plan.status).toBe("approved");
  const staff = await asStaff(browser);
  await write(staff, `/api/admin/communities/${community.id}/approve`);

  const payer = await newPerson(browser, "Payer", stamp);
  await payer.goto(`/communities/${community.id}`);
  await payer
    .getByRole("link", { name: /Join for/ })
    .first()
    .click();
  // No saved card yet: straight to the card form.
  await expect(payer).toHaveURL(/join-payment-input/);
  await fillCard(payer, CARD_3DS, "Payer Retry");
  await payer.getByRole("button", { name: "Pay ₾15" }).click();

  // The bank's page is up; the payer closes the dialog instead of answering it.
  const first = await bankPage(payer);
  await first.dialog.getByRole("button", { name: "Close" }).click();
  await expect(first.dialog).toBeHidden();
  await expect(payer.getByRole("status").filter({ hasText: "Nothing was charged" })).toHaveText(
    "Verification closed. Nothing was charged: you can try again.",
  );
  await expect(payer.getByRole("button", { name: "Pay ₾15" })).toBeEnabled();

  // Even after a reload of the page, paying again at once goes to the bank again, not to "A payment for
  // this community is already in progress".
  await payer.reload();
  await fillCard(payer, CARD_3DS, "Payer Retry");
  await payer.getByRole("button", { name: "Pay ₾15" }).click();
  // The payer fails the bank's check: the spec's text for a failed authentication stays beside the button.
  const second = await bankPage(payer);
  await second.bank.getByRole("button", { name: "Fail authentication" }).click();
  await expect(payer.getByTestId("payment-failure")).toHaveText("3DSecure authentication failed", { timeout: 15_000 });

  await fillCard(payer, CARD_3DS, "Payer Retry");
  await payer.getByRole("button", { name: "Pay ₾15" }).click();
  const third = await bankPage(payer);
  await third.bank.getByRole("button", { name: "Confirm" }).click();
  await expect(payer.getByText(`Welcome! You've successfully joined ${name}`)).toBeVisible({ timeout: 15_000 });
  await expect(payer).toHaveURL(new RegExp(`/communities/${community.id}$`));
  await expect(payer.getByText("You are a member")).toBeVisible();
});

test("a declined, then abandoned plan payment: the community's settings lead back to paying it", async ({ browser }) => {
  test.setTimeout(150_000);
  const stamp = String(Date.now());
  const name = `Retry Plan Studio ${stamp}`;
  const creator = await newPerson(browser, "Creator", stamp);

  // A new community on the Starter plan; the first card is declined.
  await creator.goto("/communities/create");
  await creator.getByLabel("Community name").fill(name);
  await creator.getByLabel("Description").fill("Design critiques for people starting out.");
  await creator.getByLabel("Phone number").fill("555123456");
  await creator.getByLabel("Category").selectOption({ label: "Design" });
  await creator.getByRole("button", { name: "Continue" }).click();
  await creator.getByRole("button", { name: "Choose Starter" }).click();
  await expect(creator).toHaveURL(/\/payment\/input\?/);
  const communityId = new URL(creator.url()).searchParams.get("communityId")!;
  await fillCard(creator, CARD_DECLINED, "Creator Retry");
  // Saving the card is asked (renewals charge it), and what leaving it unsaved means is said.
  const save = creator.getByLabel("Save card for future payments");
  await expect(save).toBeChecked();
  await save.uncheck();
  await expect(creator.getByText("Without a saved card nothing renews")).toBeVisible();
  await save.check();
  await creator.getByRole("button", { name: "Pay ₾19" }).click();
  // Said in a toast, and kept in place beside the button after the toast has gone.
  await expect(creator.getByRole("alert").filter({ hasText: "Payment failed" })).toBeVisible();
  await expect(creator.getByTestId("payment-failure")).toHaveText("Payment failed");

  // The settings say the plan is not paid, and lead back to its payment.
  await creator.goto("/settings");
  await expect(creator.getByRole("heading", { name: "Community settings" })).toBeVisible();
  await expect(creator.getByText("Your Starter plan is not paid yet")).toBeVisible();
  await creator.getByRole("link", { name: "Pay now" }).click();
  await expect(creator).toHaveURL(new RegExp(`/payment/input\\?communityId=${communityId}&plan=starter$`));

  // The declined payment holds nothing back: the next goes to the bank, and the creator walks away from it.
  await fillCard(creator, CARD_3DS, "Creator Retry");
  await creator.getByRole("button", { name: "Pay ₾19" }).click();
  const abandoned = await bankPage(creator);
  await abandoned.dialog.getByRole("button", { name: "Close" }).click();
  await expect(abandoned.dialog).toBeHidden();
  await expect(creator.getByTestId("payment-failure")).toHaveText("Verification closed. Nothing was charged: you can try again.");

  // The settings still lead back to it, and paying from there works at once.
  await creator.goto("/settings");
  await expect(creator.getByText("Your Starter plan is not paid yet")).toBeVisible();
  await creator.getByRole("link", { name: "Pay now" }).click();
  await fillCard(creator, CARD_3DS, "Creator Retry");
  await creator.getByRole("button", { name: "Pay ₾19" }).click();
  const paid = await bankPage(creator);
  await paid.bank.getByRole("button", { name: "Confirm" }).click();
  await expect(creator.getByText("Your Starter plan is active")).toBeVisible({ timeout: 15_000 });
  await creator.getByRole("dialog", { name: "Community Under Review" }).getByRole("button", { name: "Understood" }).click();

  await creator.goto("/settings");
  await expect(creator.getByRole("heading", { name: "Community settings" })).toBeVisible();
  await expect(creator.getByRole("tab", { name: "Details" })).toBeVisible();
  await expect(creator.getByText("Your Starter plan is not paid yet")).toHaveCount(0);
  await creator.goto("/my-subscriptions");
  await expect(creator.getByText(`${name}: Starter plan`)).toBeVisible();

  // Out of staff's review queue, so that other journeys find theirs where they expect it.
  const staff = await asStaff(browser);
  await write(staff, `/api/admin/communities/${communityId}/reject`, { reason: "A journey's community." });
});
