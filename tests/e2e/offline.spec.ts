import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { signInThroughForm } from "./accounts";
import { startProductionServer } from "./production-server";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

// The installable app on the production build: the manifest and service worker the install prompt needs,
// the last feed read again offline, and a post, a comment and a message written offline, each sent once
// on reconnect.

const PORT = Number(process.env.E2E_PROD_PORT ?? 5299);
let server: Awaited<ReturnType<typeof startProductionServer>>;
let session: Awaited<ReturnType<BrowserContext["storageState"]>>;

test.describe.configure({ mode: "serial", timeout: 120_000 });

/** The outbox tries again every 5 s (web/lib/offline/outbox.ts): two tries and the refresh, on a busy machine. */
const SENT_WITHIN_MS = 20_000;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(600_000);
  server = await startProductionServer(PORT);
  // Sign-in is rate limited per address: Ana signs in once for the whole file.
  const context = await browser.newContext({ baseURL: server.baseURL, extraHTTPHeaders: ownAddress() });
  await signInThroughForm(await context.newPage(), "ana@example.com");
  session = await context.storageState();
  await context.close();
});

test.afterAll(() => server?.stop());

/** Ana's page once the service worker controls it (the first load installs it; the reload runs through it). */
async function controlledPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    storageState: session,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto("/");
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  return { context, page };
}

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

test("meets the install criteria: a valid manifest with its icons, and a service worker in control", async ({ browser }) => {
  const { context, page } = await controlledPage(browser);
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const response = await page.request.get(href!);
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: "Agora", short_name: "Agora", start_url: "/", display: "standalone" });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  for (const [size, purpose] of [
    [192, "any"],
    [512, "any"],
    [512, "maskable"],
  ] as const) {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === purpose);
    expect(icon, `${size} ${purpose} icon`).toBeTruthy();
    const png = await page.request.get(icon!.src);
    expect(png.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await png.body())).toEqual({ width: size, height: size });
  }
  const themeColors = await page
    .locator('meta[name="theme-color"]')
    .evaluateAll((metas) => metas.map((m) => m.getAttribute("media")));
  expect(themeColors).toEqual(["(prefers-color-scheme: light)", "(prefers-color-scheme: dark)"]);
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      scope: registration?.scope,
      active: registration?.active?.state,
      script: navigator.serviceWorker.controller?.scriptURL,
    };
  });
  expect(worker).toEqual({ scope: `${server.baseURL}/`, active: "activated", script: `${server.baseURL}/sw.js` });
  await context.close();
});

test("reads the last feed offline", async ({ browser }) => {
  const { context, page } = await controlledPage(browser);
  const firstPost = page.getByRole("article").first();
  await expect(firstPost).toBeVisible();
  const title = await firstPost
    .getAttribute("aria-labelledby")
    .then((ids) => page.locator(`[id="${ids!.split(" ")[1]}"]`).innerText());

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("article").first()).toBeVisible();
  await expect(page.getByRole("article").first()).toContainText(title);
  await context.close();
});

test("a post written offline waits, then is published exactly once on reconnect", async ({ browser }) => {
  const { context, page } = await controlledPage(browser);
  const words = `Written on the train ${Date.now()}`;
  await expect(page.getByRole("article").first()).toBeVisible();

  await context.setOffline(true);
  await page.getByRole("button", { name: "Share something with the community" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Post" });
  await dialog.getByLabel("Content").fill(words);
  await dialog.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByText("Saved offline")).toBeVisible();
  const pending = page.getByRole("article").filter({ hasText: words });
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText("Waiting to be sent");

  // Still waiting after a reload: the outbox lives in IndexedDB, not in the page.
  await page.reload();
  await expect(page.getByRole("article").filter({ hasText: words })).toContainText("Waiting to be sent");

  await context.setOffline(false);
  const published = page.getByRole("article").filter({ hasText: words });
  // Sent on the online event, or by the outbox's retry a few seconds later when that first try fails.
  await expect(published.filter({ hasNotText: "Waiting to be sent" })).toHaveCount(1, { timeout: SENT_WITHIN_MS });
  await expect(published).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole("article").filter({ hasText: words })).toHaveCount(1);

  // The server stored it once, whatever the client replayed.
  const communityId = await page.evaluate(() => localStorage.getItem("currentCommunityId"));
  if (communityId) {
    const posts = (await (await page.request.get(`/api/communities/${communityId}/posts?limit=50`)).json()) as {
      items: { content: string }[];
    };
    expect(posts.items.filter((p) => p.content === words)).toHaveLength(1);
  }
  await context.close();
});

/** Sends the comment typed in `post` while offline: it waits in the card, then goes once the network is back. */
async function sendOnceOnline(page: Page, post: Locator, words: string, context: BrowserContext) {
  await post.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(page.getByText("Your comment will be sent when you are back online.")).toBeVisible();
  await expect(post.getByText(words)).toHaveCount(1);
  await expect(post.getByText("Waiting to be sent")).toBeVisible();
  await context.setOffline(false);
  await expect(post.getByText("Waiting to be sent")).toHaveCount(0, { timeout: SENT_WITHIN_MS });
}

test("a comment written offline waits, then is sent exactly once on reconnect", async ({ browser }) => {
  const { context, page } = await controlledPage(browser);
  const words = `Noted offline ${Date.now()}`;
  const post = page.getByRole("article").first();
  await post.getByRole("button", { name: /^Comments/ }).click();
  const box = post.getByPlaceholder("Write a comment...");
  await expect(box).toBeVisible();
  // The thread as read online first (on a busy machine it can still be loading when the network drops).
  await expect(post.getByText("Loading comments...")).toHaveCount(0);

  await context.setOffline(true);
  await box.fill(words);
  await sendOnceOnline(page, post, words, context);
  await expect(post.getByText(words)).toHaveCount(1);

  // What the server stored: one comment, however often the outbox tried.
  await page.reload();
  const again = page.getByRole("article").first();
  await again.getByRole("button", { name: /^Comments/ }).click();
  await expect(again.getByText(words)).toHaveCount(1);
  await context.close();
});

test("a comment written while its thread cannot load shows as waiting in the card", async ({ browser }) => {
  const { context, page } = await controlledPage(browser);
  const words = `Written before the thread ${Date.now()}`;
  const post = page.getByRole("article").nth(1);
  await expect(post).toBeVisible();
  // Offline before the thread was ever read: it cannot load, and the comment still has its place.
  await context.setOffline(true);
  await post.getByRole("button", { name: /^Comments/ }).click();
  const box = post.getByPlaceholder("Write a comment...");
  await box.fill(words);
  await sendOnceOnline(page, post, words, context);
  await context.close();
});

test("a message written offline waits, then is sent exactly once on reconnect", async ({ browser }) => {
  const { context, page } = await controlledPage(browser);
  const words = `Sent from the tunnel ${Date.now()}`;
  await page.goto("/messages");
  await page
    .getByRole("link", { name: /Giorgi Maisuradze/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Giorgi Maisuradze" })).toBeVisible();
  const mine = page.locator("li[data-message-id]").filter({ hasText: words });

  await context.setOffline(true);
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(words);
  await box.press("Enter");
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText("(waiting for a connection)");

  await context.setOffline(false);
  await expect(mine.filter({ hasNotText: "(waiting for a connection)" })).toHaveCount(1, { timeout: SENT_WITHIN_MS });
  await expect(mine).toHaveCount(1);
  await expect(mine).not.toContainText("(sending...)");
  await page.reload();
  await expect(mine).toHaveCount(1);
  await context.close();
});

// Last: signing out ends the session the other tests share.
test("signing out removes what was kept for offline reading and writing", async ({ browser }) => {
  const { context, page } = await controlledPage(browser);
  await expect(page.getByRole("article").first()).toBeVisible();
  const kept = () =>
    page.evaluate(async () => ({
      caches: (await caches.keys()).filter((name) => name.startsWith("agora-api-")).length,
      user: !!(await (await caches.open("agora-meta")).match("/__agora/user")),
    }));
  expect(await kept()).toEqual({ caches: 1, user: true });

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  expect(await kept()).toEqual({ caches: 0, user: false });

  // Offline, the next person on this browser sees nobody signed in and none of the last person's feed.
  await context.setOffline(true);
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Agora" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);
  await expect(page.getByRole("article")).toHaveCount(0);
  await context.close();
});
