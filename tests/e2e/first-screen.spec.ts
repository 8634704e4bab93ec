import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";
import { startProductionServer } from "./production-server";

// Pages the worker writes with their first screen, on the production build (the dev server leaves that
// to the browser, see README "Configuration"): the screen is in the HTML before any script runs, in the
// reader's language, and React then takes over those very elements instead of drawing the page again:
// no hydration error, nothing removed from the root, and the page answers taps once it is the app's.

const PORT = Number(process.env.E2E_FIRST_SCREEN_PORT ?? 5298);
const COMMUNITY = "Tbilisi Startup Circle";

let server: Awaited<ReturnType<typeof startProductionServer>>;
let session: Awaited<ReturnType<BrowserContext["storageState"]>>;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(600_000);
  server = await startProductionServer(PORT);
  const context = await browser.newContext({ baseURL: server.baseURL, extraHTTPHeaders: ownAddress() });
  const res = await context.request.post("/api/auth/sign-in/email", {
    data: { email: "ana@example.com", password: "demo-pass-2026" },
    headers: { origin: server.baseURL },
  });
  expect(res.ok()).toBe(true);
  session = await context.storageState();
  await context.close();
});

test.afterAll(() => server?.stop());
test.afterEach(closeContexts);

/** The first link of a community's card on explore (its details). */
const detailsOf = (page: Page, name: string) => page.getByRole("article", { name }).getByRole("link").first();

/** React's errors and uncaught ones, per page. */
const problemsOf = new WeakMap<Page, string[]>();

type Options = { signedIn?: boolean; theme?: "light" | "dark"; width?: number; javaScript?: boolean };

async function open(browser: Browser, opts: Options = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    extraHTTPHeaders: ownAddress(),
    colorScheme: opts.theme ?? "light",
    viewport: { width: opts.width ?? 1280, height: 900 },
    javaScriptEnabled: opts.javaScript ?? true,
    storageState: opts.signedIn ? session : undefined,
    // The service worker would answer the second visit from its cache; these are about the worker's HTML.
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  if (opts.javaScript === false) return page;
  // Once the HTML is parsed and before the module scripts run (readyState "interactive"), note the
  // root's first element, whether the root is made inert, and every element later taken out of it:
  // hydration keeps them, a fresh render would replace them.
  await page.addInitScript(() => {
    const w = window as unknown as { firstScreen?: { first: Element | null; inert: boolean; removed: number } };
    document.addEventListener("readystatechange", () => {
      if (document.readyState !== "interactive") return;
      const root = document.getElementById("root")!;
      const seen = { first: root.firstElementChild, inert: false, removed: 0 };
      w.firstScreen = seen;
      new MutationObserver((records) => {
        for (const r of records) {
          seen.removed += r.removedNodes.length;
          if (r.type === "attributes" && root.inert) seen.inert = true;
        }
      }).observe(root, { childList: true, attributes: true, attributeFilter: ["inert"] });
    });
  });
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (m) => {
    if (m.type() === "error" && /react|hydrat|#4(18|19|21|23|25)/i.test(m.text())) problems.push(m.text());
  });
  problemsOf.set(page, problems);
  return page;
}

/** Waits until React has the page (it lifts the root's inertness) and checks that it kept the first screen. */
async function expectHydrated(page: Page) {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { firstScreen?: { inert: boolean } }).firstScreen?.inert))
    .toBe(true);
  await expect(page.locator("#root")).not.toHaveAttribute("inert", { timeout: 20_000 });
  const seen = await page.evaluate(() => {
    const w = window as unknown as { firstScreen?: { first: Element | null; inert: boolean; removed: number } };
    const root = document.getElementById("root")!;
    return {
      hadFirstScreen: !!w.firstScreen?.first,
      wasInert: w.firstScreen?.inert,
      sameFirst: w.firstScreen?.first === root.firstElementChild,
      removed: w.firstScreen?.removed,
      mains: document.querySelectorAll("main").length,
    };
  });
  expect(seen).toEqual({ hadFirstScreen: true, wasInert: true, sameFirst: true, removed: 0, mains: 1 });
  expect(problemsOf.get(page)).toEqual([]);
}

test("with scripts off, a public page still shows its first screen in the reader's language", async ({ browser }) => {
  const page = await open(browser, { javaScript: false });
  await page.goto("/communities/explore?lang=ka");
  await expect(page.locator("html")).toHaveAttribute("lang", "ka");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("საზოგადოებების დათვალიერება");
  // Its links work as HTML: the community's page comes from the worker too.
  await detailsOf(page, COMMUNITY).click();
  await expect(page).toHaveURL(/\/communities\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: COMMUNITY })).toBeVisible();

  await page.goto("/auth/login?lang=ru");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Вход в аккаунт");
  await expect(page.getByRole("button", { name: "Войти" })).toBeVisible();
});

test("explore, a community and sign-in are taken over by React as written, then answer", async ({ browser }) => {
  const page = await open(browser, { theme: "dark", width: 390 });
  await page.goto("/communities/explore?lang=ru");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectHydrated(page);

  // A link now runs in the app: the page is not loaded again.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await detailsOf(page, COMMUNITY).click();
  await expect(page).toHaveURL(/\/communities\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: COMMUNITY })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

  const community = page.url();
  const direct = await open(browser);
  await direct.goto(community);
  await expectHydrated(direct);
  await expect(direct.getByRole("heading", { level: 1, name: COMMUNITY })).toBeVisible();

  const login = await open(browser);
  await login.goto("/auth/login");
  await expectHydrated(login);
  await login.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(login.getByText("Email is required")).toBeVisible();
});

test("the signed-in feed and a post are taken over by React as written", async ({ browser }) => {
  const feed = await open(browser, { signedIn: true });
  await feed.goto("/");
  // The first tap the page takes does what it says: the feed is the app's as soon as the page is.
  const first = feed.getByRole("article").first();
  await first.getByRole("button", { name: /^Comments/ }).click();
  await expect(first.getByPlaceholder("Write a comment...")).toBeVisible();
  await expectHydrated(feed);
  const post = feed.locator('a[href^="/post/"]').first();
  await expect(post).toBeVisible();
  const href = await post.getAttribute("href");

  const page = await open(browser, { signedIn: true, theme: "dark", width: 390 });
  await page.goto(`${href}?lang=ka`);
  await expectHydrated(page);
  await expect(page.getByRole("textbox").first()).toBeEditable();
});
