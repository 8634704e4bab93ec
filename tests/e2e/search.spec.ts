import { expect, test, type Browser, type Page } from "@playwright/test";
import { signInThroughForm } from "./accounts";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

// Header search: Giorgi writes a post with a word nobody else uses, finds it by typing the start of
// it in the header, walks the results with the keyboard, opens one with Enter, then takes 'See all
// results' to the /search page and opens the post from its Posts tab.

const PASSWORD = "demo-pass-2026";
const COMMUNITY = "Tbilisi Startup Circle";

async function signIn(browser: Browser, email: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, extraHTTPHeaders: ownAddress() });
  const page = await context.newPage();
  await signInThroughForm(page, email, PASSWORD);
  return page;
}

/** A post by the signed-in user in the shared community, written through the API. */
async function writePost(page: Page, headline: string, content: string): Promise<string> {
  const origin = new URL(page.url()).origin;
  const mine = (await (await page.request.get("/api/me/communities")).json()) as { communities: { id: string; name: string }[] };
  const community = mine.communities.find((c) => c.name === COMMUNITY)!;
  const res = await page.request.post(`/api/communities/${community.id}/posts`, {
    data: { headline, content },
    headers: { origin },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { post: { id: string } }).post.id;
}

test("type in the header search, move with the keyboard, open a result", async ({ browser }) => {
  const stamp = `${Date.now()}`;
  const headline = `Lantern walk ${stamp}`;
  const page = await signIn(browser, "giorgi@example.com");
  const postId = await writePost(page, headline, "Bring a lantern and warm shoes: we walk the old town at dusk.");

  const box = page.getByRole("combobox", { name: "Search" });
  await box.click();
  await expect(page.getByText("Start typing to search...")).toBeVisible();

  // The start of the last word is enough; the matched words are marked.
  await box.fill(`${stamp} lante`);
  const results = page.getByRole("listbox", { name: "Search Results" });
  await expect(results).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const post = results.getByRole("option", { name: new RegExp(headline) });
  await expect(post).toBeVisible();
  await expect(post.locator("mark")).toHaveText(["Lantern", stamp, "lantern"]);
  const seeAll = results.getByRole("option", { name: "See all results" });

  // Arrow keys move the active option while the focus stays in the box; Enter opens it.
  await box.press("ArrowDown");
  await expect(post).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await post.getAttribute("id"))!);
  await box.press("ArrowDown");
  await expect(seeAll).toHaveAttribute("aria-selected", "true");
  await expect(post).toHaveAttribute("aria-selected", "false");
  await box.press("ArrowUp");
  await expect(post).toHaveAttribute("aria-selected", "true");
  await expect(box).toBeFocused();
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));
  await expect(page.getByRole("heading", { level: 1, name: headline })).toBeVisible();

  // Escape closes the results; nothing found says so.
  await box.fill(`${stamp}nothing`);
  await expect(page.getByText(`No results found for "${stamp}nothing"`)).toBeVisible();
  await box.press("Escape");
  await expect(page.getByText(`No results found for "${stamp}nothing"`)).toBeHidden();

  // Enter with no active option, or 'See all results', opens the /search page.
  await box.fill(`lantern ${stamp}`);
  await expect(results.getByRole("option", { name: new RegExp(headline) })).toBeVisible();
  await results.getByRole("option", { name: "See all results" }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=lantern\\+${stamp}`));
  await expect(page.getByRole("heading", { level: 1, name: "Search Results" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "All" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Posts" }).click();
  await expect(page).toHaveURL(/tab=posts/);
  const link = page.getByRole("tabpanel").getByRole("link", { name: new RegExp(headline) });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: headline })).toBeVisible();
});

test("on a phone the search opens in a dialog and works the same", async ({ browser }) => {
  const page = await signIn(browser, "luka@example.com", { width: 390, height: 844 });
  await page.getByRole("button", { name: "Open search" }).click();
  const box = page.getByRole("dialog").getByRole("combobox", { name: "Search" });
  await expect(box).toBeFocused();
  await box.fill("pitch");
  const option = page.getByRole("option", { name: /Pitch Night: applications are open/ });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page.getByRole("heading", { level: 1, name: "Pitch Night: applications are open" })).toBeVisible();
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("a person opens their profile; a past event opens its month with the event marked", async ({ browser }) => {
  const page = await signIn(browser, "giorgi@example.com");
  const box = page.getByRole("combobox", { name: "Search" });
  const results = page.getByRole("listbox", { name: "Search Results" });

  await box.click();
  await box.fill("Mariam Gelash");
  await results.getByRole("option", { name: /Mariam Gelashvili/ }).click();
  await expect(page).toHaveURL(/\/profile\/[^/?]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mariam Gelashvili" })).toBeVisible();

  // Founder Breakfast #12 was a week ago: it is not among the upcoming events, yet the result shows it.
  await box.click();
  await box.fill("Founder Breakfast");
  await results.getByRole("option", { name: /Founder Breakfast #12/ }).click();
  await expect(page).toHaveURL(/\/calendar\?month=\d{4}-\d{2}&event=/);
  const marked = page.locator("article[aria-current='true']");
  await expect(marked).toContainText("Founder Breakfast #12");
  await expect(marked).toContainText("Ended");
});
