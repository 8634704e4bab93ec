import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { signInThroughForm } from "./accounts";
import { ownAddress } from "./client-address";
import { seriousViolations } from "./axe";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

// A poll in Tbilisi Startup Circle: Giorgi (a member) asks; Salome votes; Dato, on a phone with the feed
// open, sees the counts move without reloading; Giorgi, the author, sees who voted what. axe finds nothing
// serious on the poll's editor, its choices, its results or its voter list, in the light and dark themes.

const PASSWORD = "demo-pass-2026";
const COMMUNITY = "Tbilisi Startup Circle";
const people = ["giorgi@example.com", "salome@example.com", "dato@example.com"] as const;

// Sign-in is rate limited per address: each person signs in once for the whole file.
const sessions = new Map<string, Awaited<ReturnType<BrowserContext["storageState"]>>>();

test.beforeAll(async ({ browser }) => {
  for (const email of people) {
    const context = await browser.newContext({ extraHTTPHeaders: ownAddress() });
    const page = await context.newPage();
    await signInThroughForm(page, email, PASSWORD);
    sessions.set(email, await context.storageState());
    await context.close();
  }
});

async function openFeed(
  browser: Browser,
  email: string,
  viewport = { width: 1280, height: 900 },
  theme: "light" | "dark" = "light",
): Promise<Page> {
  // bypassCSP: axe runs its script in the page.
  const context = await browser.newContext({ viewport, storageState: sessions.get(email), colorScheme: theme, bypassCSP: true });
  await context.addInitScript((chosen) => localStorage.setItem("theme", chosen), theme);
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("banner").locator('button[aria-haspopup="menu"]').first().click();
  await page.getByRole("menuitemradio", { name: COMMUNITY }).click();
  await expect(page.getByRole("heading", { level: 1, name: COMMUNITY })).toBeVisible();
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
  return page;
}

test("a poll is asked, voted on, counted live and its voters shown to the author", async ({ browser }) => {
  const question = `Which evening for the meetup? ${Date.now()}`;
  const giorgi = await openFeed(browser, "giorgi@example.com");
  const salome = await openFeed(browser, "salome@example.com", undefined, "dark");
  const dato = await openFeed(browser, "dato@example.com", { width: 390, height: 844 });

  await giorgi.getByRole("button", { name: "Share something with the community" }).click();
  const dialog = giorgi.getByRole("dialog", { name: "Create New Post" });
  await dialog.getByLabel("Content").fill(question);
  await dialog.getByRole("button", { name: "Add poll" }).click();
  const poll = dialog.getByRole("group", { name: "Poll" });
  await poll.getByLabel("Option 1", { exact: true }).fill("Tuesday");
  await poll.getByLabel("Option 2", { exact: true }).fill("Thursday");
  await poll.getByRole("button", { name: "Add option" }).click();
  await poll.getByLabel("Option 3", { exact: true }).fill("Friday");
  expect(await seriousViolations(giorgi)).toEqual([]);
  await dialog.getByRole("button", { name: "Create Post" }).click();
  await expect(dialog).toBeHidden();

  // Salome's and Dato's feeds receive the post live; Salome votes.
  const salomesPoll = salome.locator("article", { hasText: question }).getByTestId("poll");
  const choices = salomesPoll.getByRole("group", { name: "Choose one answer" });
  await expect(choices.getByRole("radio", { name: "Thursday" })).toBeVisible();
  expect(await seriousViolations(salome)).toEqual([]);
  await choices.getByRole("radio", { name: "Thursday" }).check();
  await salomesPoll.getByRole("button", { name: "Vote" }).click();
  await expect(salomesPoll.getByText("1 vote · 100%")).toBeVisible();
  expect(await seriousViolations(salome)).toEqual([]);

  // Dato has not voted: he still sees the choices, and the total moves live.
  const datosPoll = dato.locator("article", { hasText: question }).getByTestId("poll");
  await expect(datosPoll.getByTestId("poll-voters")).toHaveText("1 person voted");
  await expect(datosPoll.getByRole("button", { name: "Show who voted" })).toHaveCount(0);

  // Giorgi, the author, opens the voter list.
  const giorgisPoll = giorgi.locator("article", { hasText: question }).getByTestId("poll");
  await expect(giorgisPoll.getByTestId("poll-voters")).toHaveText("1 person voted");
  await giorgisPoll.getByRole("button", { name: "Show who voted" }).click();
  await expect(giorgisPoll.getByRole("listitem").filter({ hasText: "Salome" })).toBeVisible();
  expect(await seriousViolations(giorgi)).toEqual([]);
});
