import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signInThroughForm } from "./accounts";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

test.use({ extraHTTPHeaders: ownAddress() });

/**
 * /settings/privacy-security: changing the password (and signing in with the new one), requesting the
 * account's deletion, seeing the banner on every page and cancelling it; axe in the light and dark themes.
 * Sign-ups are rate limited per address, so the journeys use demo accounts and leave each as they found
 * it (the password changed back, the deletion cancelled).
 */

const PASSWORD = "demo-pass-2026";
const NEW_PASSWORD = "second-horse-43";

async function signIn(page: Page, email: string) {
  await signInThroughForm(page, email);
  // A run stopped halfway may have left the deletion pending.
  const reset = await page.request.delete("/api/account/deletion", { headers: { origin: new URL(page.url()).origin } });
  expect(reset.status()).toBe(200);
  return { email };
}

async function openPage(page: Page) {
  await page.goto("/settings/privacy-security");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy and Security" })).toBeVisible();
}

test("change the password with the spec's messages, then sign in with the new one", async ({ page }) => {
  const user = await signIn(page, "giorgi@example.com");
  await openPage(page);
  await page.getByRole("button", { name: "Change Password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change Password" });
  await dialog.getByRole("button", { name: "Update Password" }).click();
  await expect(dialog.getByText("Please fill in all fields")).toBeVisible();

  await dialog.getByLabel("Current password").fill(PASSWORD);
  await dialog.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel("Confirm new password").fill("something-else-1");
  await dialog.getByRole("button", { name: "Update Password" }).click();
  await expect(dialog.getByText("Passwords must match")).toBeVisible();

  await dialog.getByLabel("Current password").fill("not-my-password-1");
  await dialog.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await dialog.getByRole("button", { name: "Update Password" }).click();
  await expect(dialog.getByText("Current password is incorrect")).toBeVisible();

  await dialog.getByLabel("Current password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();
  await expect(dialog).toBeHidden();
  // This browser stays signed in.
  await expect(page.getByRole("region", { name: "Active Sessions" }).getByText("This device")).toBeVisible();

  await page.context().clearCookies();
  await signInThroughForm(page, user.email, NEW_PASSWORD);

  // Back to the demo password, through the same door.
  const back = await page.request.post("/api/auth/change-password", {
    data: { currentPassword: NEW_PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(back.status()).toBe(200);
});

test("request the account's deletion, see the banner on every page, and cancel it", async ({ page }) => {
  await signIn(page, "ana@example.com");
  await openPage(page);
  await page.getByRole("button", { name: "Delete Account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete Account" });
  await dialog.getByLabel("Password", { exact: true }).fill("wrong-password-1");
  await dialog.getByRole("button", { name: "Delete Account" }).click();
  await expect(dialog.getByText("Password is incorrect")).toBeVisible();
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Delete Account" }).click();
  await expect(dialog).toBeHidden();

  const banner = page.getByText(/Your account will be deleted in 30 days/);
  const cancel = page.getByRole("button", { name: "Cancel Deletion" });
  await expect(banner).toBeVisible();
  await page.goto("/communities/explore");
  await expect(page.getByRole("heading", { level: 1, name: "Explore Communities" })).toBeVisible();
  await expect(banner).toBeVisible();
  await cancel.click();
  await expect(page.getByText("Account deletion cancelled")).toBeVisible();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(banner).toBeHidden();
});

for (const theme of ["light", "dark"] as const) {
  test(`no serious axe violation on the page and its dialogs, ${theme}`, async ({ browser }) => {
    const context = await browser.newContext({ bypassCSP: true, colorScheme: theme, extraHTTPHeaders: ownAddress() });
    await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
    const page = await context.newPage();
    await signIn(page, theme === "light" ? "staff@example.com" : "ana@example.com");
    await openPage(page);
    await expect(page.getByText("This device")).toBeVisible();
    const found: string[] = [];
    const scan = async (where: string) => {
      const { violations } = await new AxeBuilder({ page }).analyze();
      found.push(
        ...violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${where}: ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      );
    };
    await scan("page");
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.getByRole("dialog", { name: "Change Password" }).getByRole("button", { name: "Update Password" }).click();
    await scan("change password dialog");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Delete Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Account" });
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await expect(page.getByRole("button", { name: "Cancel Deletion" })).toBeVisible();
    // The toast list is the toaster's own; the scan is of this page.
    await expect(page.getByText("Account deletion scheduled")).toBeHidden();
    await scan("with the deletion banner");
    await page.getByRole("button", { name: "Cancel Deletion" }).click();
    await expect(page.getByRole("button", { name: "Cancel Deletion" })).toBeHidden();
    expect(found).toEqual([]);
    await context.close();
  });
}
