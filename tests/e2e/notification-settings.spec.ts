import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

/**
 * /settings/notifications: a type's e-mail switch turned off and on again, each change still there
 * after a reload; no serious axe violation in the light and the dark theme, on a desktop and a phone.
 */

async function signedIn(browser: Browser, baseURL: string, opts: { theme: "light" | "dark"; width: number; height: number }) {
  const context = await browser.newContext({
    bypassCSP: true,
    viewport: { width: opts.width, height: opts.height },
    colorScheme: opts.theme,
    extraHTTPHeaders: ownAddress(),
  });
  await context.addInitScript((theme) => localStorage.setItem("theme", theme), opts.theme);
  const page = await context.newPage();
  const res = await page.request.post(`${baseURL}/api/auth/sign-in/email`, {
    data: { email: "giorgi@example.com", password: "demo-pass-2026" },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(200);
  // A previous run that stopped halfway must not decide where this one starts.
  const reset = await page.request.patch(`${baseURL}/api/notifications/preferences`, {
    data: { types: [{ type: "MESSAGE", inApp: true, email: true }] },
    headers: { origin: baseURL },
  });
  expect(reset.status()).toBe(200);
  return page;
}

const emailSwitch = (page: Page) => page.getByRole("switch", { name: "Messages: email" });

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("a type's e-mail switch goes off and on, and each change survives a reload", async ({ browser, baseURL }) => {
  const page = await signedIn(browser, baseURL!, { theme: "light", width: 1280, height: 900 });
  await page.goto("/settings/notifications");
  await expect(page.getByRole("heading", { level: 1, name: "Notification Settings" })).toBeVisible();
  await expect(emailSwitch(page)).toHaveAttribute("aria-checked", "true");

  const saved = page.waitForResponse(
    (r) => r.url().includes("/api/notifications/preferences") && r.request().method() === "PATCH",
  );
  await emailSwitch(page).click();
  expect((await saved).status()).toBe(200);
  await expect(emailSwitch(page)).toHaveAttribute("aria-checked", "false");
  await page.reload();
  await expect(emailSwitch(page)).toHaveAttribute("aria-checked", "false");
  await expect(page.getByRole("switch", { name: "Messages: in app" })).toHaveAttribute("aria-checked", "true");

  // By keyboard this time.
  const savedAgain = page.waitForResponse(
    (r) => r.url().includes("/api/notifications/preferences") && r.request().method() === "PATCH",
  );
  await emailSwitch(page).focus();
  await page.keyboard.press("Space");
  expect((await savedAgain).status()).toBe(200);
  await page.reload();
  await expect(emailSwitch(page)).toHaveAttribute("aria-checked", "true");
  await page.screenshot({ path: "test-results/notification-settings-light.png", fullPage: true });
  await page.context().close();
});

for (const mode of [
  { theme: "light" as const, width: 1280, height: 900 },
  { theme: "dark" as const, width: 390, height: 844 },
]) {
  test(`no serious axe violation, ${mode.theme} theme, ${mode.width}px`, async ({ browser, baseURL }) => {
    const page = await signedIn(browser, baseURL!, mode);
    await page.goto("/settings/notifications");
    await expect(emailSwitch(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/notification-settings-${mode.theme}.png`, fullPage: true });
    await page.context().close();
  });
}
