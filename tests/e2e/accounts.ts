import { expect, type Page } from "@playwright/test";

/** Registers through the form, opens the verification link on the dev mail page and skips the wizard. */
export async function registerAndVerify(
  page: Page,
  user: { firstName: string; lastName: string; email: string; password: string },
) {
  await page.goto("/auth/register");
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await page.getByLabel("First name").fill(user.firstName);
  await page.getByLabel("Last name").fill(user.lastName);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Confirm password", { exact: true }).fill(user.password);
  await page.getByLabel(/I agree to the Terms/).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Registration successful!")).toBeVisible();
  await expect(page.getByText(user.email).first()).toBeVisible();

  // The verification link from the development inbox signs in and opens the profile wizard.
  await page.goto(`/dev/mail?to=${encodeURIComponent(user.email)}`);
  await expect(page.getByRole("heading", { name: "Development mail" })).toBeVisible();
  await page
    .getByRole("link", { name: /verify-email/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/auth\/complete-profile/);
  await page
    .getByRole("button", { name: "Skip for now" })
    .or(page.getByRole("link", { name: "Skip for now" }))
    .click();
  await expect(page).toHaveURL(/\/$/);
}

/** Signs a demo member in through the login form (every demo account has the same password). */
export async function signInThroughForm(page: Page, email: string, password = "demo-pass-2026") {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}
