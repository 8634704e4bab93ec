import { expect, test, type Page } from "@playwright/test";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

// Adding a card on Flitt's hosted checkout (FLITT_MODE=hosted): /add-payment-method sends the payer to
// the (sandbox) checkout page, which takes the card and returns to the saved cards. Runs against a
// server started in hosted mode; skipped against one in direct mode.

const PASSWORD = "demo-pass-2026";

async function signIn(page: Page, email: string) {
  const origin = test.info().project.use.baseURL!;
  const res = await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: { origin } });
  expect(res.ok()).toBe(true);
}

test("a card added on Flitt's hosted page is checked and saved", async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: ownAddress(),
  });
  const page = await context.newPage();
  await signIn(page, "ana@example.com");
  const { mode } = (await (await page.request.get("/api/payments/methods")).json()) as { mode: string };
  test.skip(mode !== "hosted", "the server runs in direct mode");
  const before = ((await (await page.request.get("/api/payments/methods")).json()) as { items: unknown[] }).items.length;

  await page.goto("/add-payment-method");
  await expect(page.getByText("You will enter your card on Flitt's secure payment page and come back here.")).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("add-card-hosted.png"), fullPage: true });
  await page.getByRole("button", { name: "Continue to Flitt" }).click();

  await expect(page).toHaveURL(/\/dev\/flitt\/checkout\//);
  await page.getByLabel("Card number").fill("4444555511116666");
  await page.getByLabel("Expiry (MMYY)").fill("1239");
  await page.getByLabel("CVV").fill("123");
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(/\/payment-methods$/);
  await expect(page.getByRole("heading", { name: `Saved Cards (${before + 1})` })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/add-payment-method");
  await expect(page.getByRole("button", { name: "Continue to Flitt" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("add-card-hosted-phone-dark.png"), fullPage: true });
  await context.close();
});
