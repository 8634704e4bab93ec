import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { signInThroughForm } from "./accounts";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";
import { startProductionServer } from "./production-server";
import enFeed from "../../web/features/feed/i18n/en.json" with { type: "json" };
import kaFeed from "../../web/features/feed/i18n/ka.json" with { type: "json" };
import en from "../../web/locales/en.json" with { type: "json" };
import ka from "../../web/locales/ka.json" with { type: "json" };

test.afterEach(closeContexts);

/**
 * Screenshots of the main screens compared with committed baselines: phone and desktop, light and dark,
 * English and Georgian (four combinations that cover each pair). A layout change nobody approved fails here; an approved one is recorded with
 * `npm run test:visual:update` (README, "Screenshot baselines").
 *
 * What makes a pixel comparison hold from run to run: the production build on a database of its own,
 * seeded with the demo world at a fixed instant, and the pages' clock fixed an hour after it, so every
 * relative time, month and count is the same on every run.
 */

const SEEDED_AT = Date.UTC(2026, 5, 10, 9, 0);
const PAGE_TIME = SEEDED_AT + 60 * 60_000;
const PORT = Number(process.env.E2E_VISUAL_PORT ?? 5298);

// Text is drawn by the browser's own engine: baselines hold for the Chromium they were made with.
const versionFile = fileURLToPath(new URL("./visual.spec.ts-snapshots/chromium.json", import.meta.url));
const baselineChromium = (() => {
  try {
    return (JSON.parse(readFileSync(versionFile, "utf8")) as { major: string }).major;
  } catch {
    return null;
  }
})();

type Mode = { language: "en" | "ka"; theme: "light" | "dark"; width: "phone" | "desktop" };
const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } };
// Four of the eight combinations, so each language is seen in both themes and both widths, and each theme
// in both widths and both languages; the accessibility matrix reads every screen in more.
const modes: Mode[] = [
  { language: "en", theme: "light", width: "phone" },
  { language: "en", theme: "dark", width: "desktop" },
  { language: "ka", theme: "light", width: "desktop" },
  { language: "ka", theme: "dark", width: "phone" },
];

let server: Awaited<ReturnType<typeof startProductionServer>>;
const sessions: Record<"ana" | "dato", Awaited<ReturnType<BrowserContext["storageState"]>>> = {} as never;
let ids: { community: string; paid: string; post: string; course: string; chat: string; me: string };

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(600_000);
  server = await startProductionServer(PORT, { seedAt: SEEDED_AT });
  for (const who of ["ana", "dato"] as const) {
    const context = await browser.newContext({ baseURL: server.baseURL, extraHTTPHeaders: ownAddress() });
    await signInThroughForm(await context.newPage(), `${who}@example.com`);
    sessions[who] = await context.storageState();
    if (who === "ana") {
      const get = async <T>(path: string) => (await (await context.request.get(path)).json()) as T;
      const { user } = await get<{ user: { id: string } }>("/api/me");
      const { communities } = await get<{ communities: { id: string; name: string }[] }>("/api/me/communities");
      const byName = (name: string) => communities.find((c) => c.name === name)!.id;
      const community = byName("Tbilisi Startup Circle");
      const paid = byName("Frontend Craft Academy");
      const feed = await get<{ items: { id: string }[] }>(`/api/communities/${community}/posts?limit=1`);
      const courses = await get<{ courses: { id: string }[] }>(`/api/communities/${paid}/courses`);
      const chats = await get<{ items: { id: string }[] }>("/api/conversations?limit=1");
      ids = { community, paid, post: feed.items[0]!.id, course: courses.courses[0]!.id, chat: chats.items[0]!.id, me: user.id };
      // Every screen in every mode shows the same header: nothing unread, whichever mode opens a chat first.
      const page = context.pages()[0]!;
      const all = await get<{ items: { id: string; unreadCount: number }[] }>("/api/conversations?limit=50");
      for (const { id } of all.items.filter((c) => c.unreadCount > 0)) {
        await page.goto(`/chat/${id}`);
        await expect(page.getByRole("textbox").first()).toBeVisible();
      }
      await expect
        .poll(async () => (await get<{ count: number }>("/api/conversations/unread-count")).count, { timeout: 15_000 })
        .toBe(0);
    }
    await context.close();
  }
});

test.afterAll(() => server?.stop());

async function open(browser: Browser, mode: Mode, who: "ana" | "dato"): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: sizes[mode.width],
    colorScheme: mode.theme,
    extraHTTPHeaders: ownAddress(),
    storageState: sessions[who],
    reducedMotion: "reduce",
  });
  await context.addInitScript(
    ([language, theme, community]) => {
      localStorage.setItem("language", language!);
      localStorage.setItem("theme", theme!);
      localStorage.setItem("currentCommunityId", community!);
    },
    [mode.language, mode.theme, ids.community],
  );
  // Compared as a member sees a screen once they touch it: its rooms open at the first interaction
  // (web/lib/live-start.ts), here as the page starts, so whether they are open yet never depends on timing.
  await context.addInitScript(() => {
    const touch = () => dispatchEvent(new Event("pointermove"));
    addEventListener("DOMContentLoaded", touch);
    addEventListener("load", touch);
  });
  const page = await context.newPage();
  await page.clock.setFixedTime(PAGE_TIME);
  return page;
}

/**
 * Opens a screen, waits until its data and fonts are in, and compares it with its baseline; with `path`
 * null it shoots the page as it is (a dialog or menu `ready` opened on the screen before).
 */
async function shoot(page: Page, name: string, path: string | null, ready: (page: Page) => Promise<void>) {
  if (path !== null) await page.goto(path);
  await ready(page);
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => document.fonts.ready);
  await expect.soft(page, `${name} matches its baseline`).toHaveScreenshot(`${name}.png`, {
    // Leeway for anti-aliasing (a rounded edge drawn a row apart from run to run: 20 pixels seen on a
    // 776-pixel-wide box); a moved or resized element, or a changed digit, changes more.
    maxDiffPixels: 40,
    animations: "disabled",
    caret: "hide",
    // Figures that follow live presence (who else has a page open this second) are no layout.
    mask: [page.locator("[data-volatile]")],
  });
}

const heading = (page: Page) => expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
const article = (page: Page) => expect(page.getByRole("article").first()).toBeVisible();

for (const mode of modes) {
  const label = `${mode.language}-${mode.theme}-${mode.width}`;
  test(`the main screens look as approved, ${label}`, async ({ browser }, testInfo) => {
    const major = browser.version().split(".")[0]!;
    if (testInfo.config.updateSnapshots === "all" || testInfo.config.updateSnapshots === "changed") {
      mkdirSync(dirname(versionFile), { recursive: true });
      writeFileSync(versionFile, `${JSON.stringify({ major }, null, 2)}\n`);
    } else
      test.skip(
        baselineChromium !== major,
        `The baselines were made with Chromium ${baselineChromium}; this is Chromium ${major}: update them (README).`,
      );

    const page = await open(browser, mode, "ana");
    await shoot(page, `${label}-feed`, `/?id=${ids.community}`, article);
    // A dialog and a menu over the feed: their own layout, focus ring and backdrop.
    const texts =
      mode.language === "ka" ? { share: kaFeed.share, menu: ka.userMenu.open } : { share: enFeed.share, menu: en.userMenu.open };
    await shoot(page, `${label}-create-post`, null, async (p) => {
      await p.getByRole("button", { name: texts.share }).click();
      await expect(p.getByRole("dialog")).toBeVisible();
    });
    await shoot(page, `${label}-account-menu`, `/?id=${ids.community}`, async (p) => {
      await article(p);
      await p.getByRole("button", { name: texts.menu }).click();
      await expect(p.getByRole("menu")).toBeVisible();
    });
    await shoot(page, `${label}-post`, `/post/${ids.post}`, heading);
    await shoot(page, `${label}-explore`, "/communities/explore", heading);
    await shoot(page, `${label}-detail`, `/communities/${ids.paid}`, heading);
    await shoot(page, `${label}-chat`, `/chat/${ids.chat}`, (p) => expect(p.getByRole("textbox").first()).toBeVisible());
    await shoot(page, `${label}-members`, "/members", heading);
    await shoot(page, `${label}-leaderboard`, "/leaderboards", heading);
    await shoot(page, `${label}-classroom`, "/classroom", heading);
    await shoot(page, `${label}-course`, `/course/${ids.course}`, heading);
    // The month of the seeded events: the list's "upcoming" is read against the server's own clock, which
    // no baseline can fix; a month is fixed by its address (and shows the grid's weekday headers).
    await shoot(page, `${label}-calendar`, "/calendar?month=2026-06", heading);
    await shoot(page, `${label}-profile`, `/profile/${ids.me}`, heading);
    await shoot(page, `${label}-settings`, "/settings", heading);

    // The payment screen of a paid community, as someone who is not in it yet.
    const payer = await open(browser, mode, "dato");
    await shoot(payer, `${label}-payment`, `/communities/join-payment?communityId=${ids.paid}`, heading);
  });
}
