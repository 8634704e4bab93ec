import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { signInThroughForm } from "./accounts";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";
import { startProductionServer } from "./production-server";

test.afterEach(closeContexts);

/**
 * axe over every main screen, signed out and signed in, in English, Georgian and Russian, each in the
 * light and the dark theme (half on a phone, half on a desktop): no serious or critical violation. Run
 * on the production build (what people get, and quick to load: six passes over twenty screens). axe is
 * injected as a script, which the app's CSP refuses, hence `bypassCSP` on these pages only.
 */

type Mode = { name: string; language: "en" | "ka" | "ru"; theme: "light" | "dark"; viewport: { width: number; height: number } };
const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };
const modes: Mode[] = [
  { name: "English, light, desktop", language: "en", theme: "light", viewport: desktop },
  { name: "English, dark, phone", language: "en", theme: "dark", viewport: phone },
  { name: "Georgian, light, phone", language: "ka", theme: "light", viewport: phone },
  { name: "Georgian, dark, desktop", language: "ka", theme: "dark", viewport: desktop },
  { name: "Russian, light, desktop", language: "ru", theme: "light", viewport: desktop },
  { name: "Russian, dark, phone", language: "ru", theme: "dark", viewport: phone },
];

const PORT = Number(process.env.E2E_A11Y_PORT ?? 5297);
let server: Awaited<ReturnType<typeof startProductionServer>>;
let session: Awaited<ReturnType<BrowserContext["storageState"]>>;
/** What the signed-in screens open: ids read once from the seeded data. */
let ids: { community: string; post: string; course: string; chat: string; me: string };

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(600_000);
  server = await startProductionServer(PORT);
  // Sign-in is rate limited per address: Ana signs in once for the whole file.
  const context = await browser.newContext({ baseURL: server.baseURL, extraHTTPHeaders: ownAddress() });
  const page = await context.newPage();
  await signInThroughForm(page, "ana@example.com");
  session = await context.storageState();
  const get = async <T>(path: string) => (await (await page.request.get(path)).json()) as T;
  const { user } = await get<{ user: { id: string } }>("/api/me");
  const { communities } = await get<{ communities: { id: string; name: string }[] }>("/api/me/communities");
  const community = communities.find((c) => c.name === "Tbilisi Startup Circle")!.id;
  const feed = await get<{ items: { id: string }[] }>(`/api/communities/${community}/posts?limit=1`);
  // A course in any of Ana's communities (the seed puts them in the academy, not the circle).
  let course: string | undefined;
  for (const { id } of communities) {
    course ??= (await get<{ courses: { id: string }[] }>(`/api/communities/${id}/courses`)).courses[0]?.id;
  }
  const chats = await get<{ items: { id: string }[] }>("/api/conversations?limit=1");
  ids = {
    community,
    post: feed.items[0]!.id,
    course: course!,
    chat: chats.items[0]!.id,
    me: user.id,
  };
  await context.close();
});

test.afterAll(() => server?.stop());

async function open(browser: Browser, mode: Mode, signedIn: boolean): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    bypassCSP: true,
    viewport: mode.viewport,
    colorScheme: mode.theme,
    extraHTTPHeaders: ownAddress(),
    ...(signedIn ? { storageState: session } : {}),
  });
  // The app's own stored preferences, as its language and theme menus write them.
  await context.addInitScript(
    ([language, theme, community]) => {
      localStorage.setItem("language", language!);
      localStorage.setItem("theme", theme!);
      localStorage.setItem("currentCommunityId", community!);
    },
    [mode.language, mode.theme, ids.community],
  );
  return context.newPage();
}

const heading = (page: Page) => expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
const article = (page: Page) => expect(page.getByRole("article").first()).toBeVisible();

async function check(page: Page, path: string, ready: (page: Page) => Promise<void> = heading): Promise<string[]> {
  await page.goto(path);
  await ready(page);
  // The page's language is the reader's: a screen reader reads Georgian as Georgian.
  const lang = await page.locator("html").getAttribute("lang");
  return [...(await seriousViolations(page)), ...(lang ? [] : ["html has no lang"])].map((v) => `${path}: ${v}`);
}

for (const mode of modes) {
  test(`no serious axe violation on the main screens, ${mode.name}`, async ({ browser }) => {
    const found: string[] = [];

    const guest = await open(browser, mode, false);
    for (const path of ["/auth/login", "/auth/register", "/communities/explore"]) found.push(...(await check(guest, path)));
    found.push(...(await check(guest, `/communities/${ids.community}`)));

    const page = await open(browser, mode, true);
    found.push(...(await check(page, `/?id=${ids.community}`, article)));
    found.push(...(await check(page, `/post/${ids.post}`)));
    found.push(...(await check(page, "/notifications")));
    found.push(...(await check(page, "/search?q=demo")));
    found.push(...(await check(page, "/members")));
    found.push(...(await check(page, "/leaderboards")));
    found.push(...(await check(page, "/classroom")));
    found.push(...(await check(page, `/course/${ids.course}`)));
    found.push(...(await check(page, "/calendar")));
    found.push(...(await check(page, "/messages")));
    found.push(...(await check(page, `/chat/${ids.chat}`)));
    found.push(...(await check(page, `/profile/${ids.me}`)));
    found.push(...(await check(page, "/settings")));
    found.push(...(await check(page, "/payment-methods")));
    found.push(...(await check(page, "/billing")));
    found.push(...(await check(page, "/my-subscriptions")));

    expect(found).toEqual([]);
  });
}
