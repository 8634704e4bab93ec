import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

/**
 * The public pages' first paint and what every reader sees: the first screen from the HTML without asking the API again, Georgian text and the lari sign in our own font,
 * and the same security headers as production. axe runs on these pages and every other main screen in
 * accessibility.spec.ts (three languages, both themes, phone and desktop).
 */

type Language = "en" | "ka" | "ru";
type Theme = "light" | "dark";

async function context(browser: Browser, opts: { language?: Language; theme?: Theme } = {}): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    colorScheme: opts.theme ?? "light",
    extraHTTPHeaders: ownAddress(),
  });
  await ctx.addInitScript(
    ([language, theme]) => {
      if (language) localStorage.setItem("language", language);
      if (theme) localStorage.setItem("theme", theme);
    },
    [opts.language, opts.theme],
  );
  return ctx;
}

async function signIn(page: Page, baseURL: string, email = "ana@example.com") {
  const res = await page.request.post(`${baseURL}/api/auth/sign-in/email`, {
    data: { email, password: "demo-pass-2026" },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(200);
}

async function demoCommunity(page: Page, baseURL: string): Promise<{ id: string }> {
  const { communities } = (await (await page.request.get(`${baseURL}/api/me/communities`)).json()) as {
    communities: { id: string; name: string }[];
  };
  return { id: communities.find((c) => c.name === "Tbilisi Startup Circle")!.id };
}

// The dev server on a busy machine can take a while to compile a route the first time.
const heading = (page: Page) => expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible({ timeout: 30_000 });

test("a public community page renders from its HTML: no second request for the session or the community", async ({
  browser,
  baseURL,
}) => {
  const ctx = await context(browser);
  const page = await ctx.newPage();
  await signIn(page, baseURL!);
  const { id } = await demoCommunity(page, baseURL!);
  const asked: string[] = [];
  page.on("request", (req) => {
    const path = new URL(req.url()).pathname;
    if (path === "/api/me" || path === `/api/communities/${id}`) asked.push(path);
  });
  const res = await page.goto(`/communities/${id}`);
  const html = await res!.text();
  expect(html).toContain('<meta property="og:title" content="Tbilisi Startup Circle · Agora" />');
  expect(html).toContain('id="query-state"');
  await heading(page);
  await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText("Tbilisi Startup Circle");
  expect(asked).toEqual([]);
  await ctx.close();
});

test("Georgian text and the lari sign are drawn in the shipped font", async ({ browser }) => {
  const ctx = await context(browser, { language: "ka" });
  const page = await ctx.newPage();
  await page.goto("/communities/explore");
  await heading(page);
  await expect(page.getByText("₾").first()).toBeVisible();
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((f) => f.family.replace(/"/g, "") === "Agora Georgian" && f.status === "loaded").length;
  });
  // Both faces: Georgian script and the lari sign.
  expect(loaded).toBe(2);
  const preload = await page.locator('link[rel="preload"][as="font"]').getAttribute("href");
  expect(preload).toMatch(/noto-sans-georgian-georgian/);
  await page.screenshot({ path: test.info().outputPath("georgian-prices.png") });
  await ctx.close();
});

test("HTML from the development server carries the production security headers", async ({ request }) => {
  for (const path of ["/auth/login", "/communities/explore"]) {
    const res = await request.get(path, { headers: { accept: "text/html" } });
    const headers = res.headers();
    expect(headers["content-type"]).toMatch(/text\/html/);
    expect(headers["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
  }
});

test("an inline script that the CSP does not name is refused in development too", async ({ page }) => {
  const refused: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy/.test(msg.text())) refused.push(msg.text());
  });
  await page.goto("/auth/login");
  await heading(page);
  // The app itself runs under the policy without a single violation.
  expect(refused).toEqual([]);
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__ran = true";
    document.body.append(script);
  });
  expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
  await expect.poll(() => refused.length).toBeGreaterThan(0);
});
