import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

/**
 * axe over the app's finished screens, signed out and signed in, in English on a desktop in the light
 * theme and in Georgian on a phone in the dark theme: no serious or critical violation. axe is injected
 * as a script, which the app's CSP refuses, hence `bypassCSP` on these pages only.
 */

type Mode = { name: string; language: "en" | "ka"; theme: "light" | "dark"; viewport: { width: number; height: number } };
const modes: Mode[] = [
  { name: "English, light, desktop", language: "en", theme: "light", viewport: { width: 1280, height: 900 } },
  { name: "Georgian, dark, phone", language: "ka", theme: "dark", viewport: { width: 390, height: 844 } },
];

async function open(browser: Browser, mode: Mode): Promise<Page> {
  const context = await browser.newContext({
    bypassCSP: true,
    viewport: mode.viewport,
    colorScheme: mode.theme,
    extraHTTPHeaders: ownAddress(),
  });
  // The app's own stored preferences, as its language and theme menus write them.
  await context.addInitScript(
    ([language, theme]) => {
      localStorage.setItem("language", language!);
      localStorage.setItem("theme", theme!);
    },
    [mode.language, mode.theme],
  );
  return context.newPage();
}

/** The serious and critical violations on the page as it stands, one line each. */
async function violations(page: Page): Promise<string[]> {
  // axe's default rule set: WCAG 2.x A and AA and best practices, without its experimental rules.
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function check(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<string[]> {
  await page.goto(path);
  await ready(page);
  return (await violations(page)).map((v) => `${path}: ${v}`);
}

const heading = (page: Page) => expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();

for (const mode of modes) {
  test(`no serious axe violation, ${mode.name}`, async ({ browser, baseURL }) => {
    const page = await open(browser, mode);
    const found: string[] = [];

    // Signed out.
    found.push(...(await check(page, "/auth/login", heading)));
    found.push(...(await check(page, "/auth/register", heading)));
    found.push(...(await check(page, "/communities/explore", heading)));

    // Signed in as a community owner: the feed, notifications, search, the community's settings.
    await page.goto("/auth/login");
    const res = await page.request.post(`${baseURL}/api/auth/sign-in/email`, {
      data: { email: "ana@example.com", password: "demo-pass-2026" },
      headers: { origin: baseURL! },
    });
    expect(res.status()).toBe(200);
    const { communities } = (await (await page.request.get("/api/me/communities")).json()) as {
      communities: { id: string; name: string }[];
    };
    const circle = communities.find((c) => c.name === "Tbilisi Startup Circle")!;
    found.push(...(await check(page, `/communities/${circle.id}`, heading)));
    found.push(...(await check(page, `/?id=${circle.id}`, (p) => expect(p.getByRole("article").first()).toBeVisible())));
    found.push(...(await check(page, "/notifications", heading)));
    found.push(...(await check(page, "/search?q=demo", heading)));
    found.push(...(await check(page, "/settings", heading)));

    expect(found).toEqual([]);
    await page.context().close();
  });
}
