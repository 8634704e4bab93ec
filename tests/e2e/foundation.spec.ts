import { expect, test } from "@playwright/test";
import { registerAndVerify } from "./accounts";
import ka from "../../web/locales/ka.json" with { type: "json" };

// The foundation journey: register, verify through the dev mail page, skip the wizard, see the shell,
// switch language and theme, sign out, get sent to sign-in from a protected page, and come back to it.
test("register, verify, use the shell, sign out and come back to a protected page", async ({ page }) => {
  const email = `e2e-${Date.now()}@example.com`;
  const password = "journey-pass-42";

  await registerAndVerify(page, { firstName: "Eka", lastName: "Journey", email, password });

  // The shell: header, tab bar, and the home state of a member without communities.
  await expect(page).toHaveURL(/\/$/);
  const tabs = page.getByRole("navigation", { name: "Community sections" });
  await expect(tabs.getByRole("link", { name: "Community" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByPlaceholder("Search...").first()).toBeVisible();
  await page.getByRole("button", { name: "Account menu" }).click();
  const menu = page.getByRole("menu", { name: "Account" });
  await expect(menu.getByText("Eka Journey")).toBeVisible();
  await expect(menu.getByText(email)).toBeVisible();

  // Georgian, then dark theme; both survive a reload.
  await menu.getByRole("menuitemradio", { name: "ქართული" }).click();
  const kaTabs = page.getByRole("navigation", { name: ka.tabs.label });
  await expect(kaTabs.getByRole("link", { name: ka.tabs.community })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "ka");
  await page.getByRole("button", { name: ka.userMenu.open }).click();
  await page.getByRole("menuitemradio", { name: ka.preferences.themes.dark }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(kaTabs.getByRole("link", { name: ka.tabs.community })).toBeVisible();

  // Back to English for the rest, then sign out.
  await page.getByRole("button", { name: ka.userMenu.open }).click();
  await page.getByRole("menuitemradio", { name: "English" }).click();
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByText("Signed out").first()).toBeVisible();

  // A protected page sends us to sign-in and back.
  await page.goto("/members");
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fmembers/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page).toHaveURL(/\/members$/);
});

test("unknown pages show the not-found page", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByText("Oops! We couldn't find that page")).toBeVisible();
});

// A TRACE to the dev server once answered 500 and pushed its stack trace into every open tab as an
// error overlay, covering the page.
test("the dev server refuses TRACE with 405, and open pages stay as they were", async ({ page, request }) => {
  await page.goto("/auth/login");
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  for (const path of ["/", "/api/health"]) {
    const res = await request.fetch(path, { method: "TRACE" });
    expect(res.status()).toBe(405);
    expect(res.headers().allow).toContain("GET");
  }
  expect((await request.get("/api/health")).status()).toBe(200);
  await expect(page.locator("vite-error-overlay")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
});
