import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { fileURLToPath } from "node:url";
import { signInThroughForm } from "./accounts";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

// The live feed across two people: Ana (owner of Tbilisi Startup Circle) posts with an image; Giorgi (a
// member) sees it arrive without reloading, likes and comments; Ana sees the counters move and a live
// notification, opens it onto the post page, and mentions Giorgi, who is notified live in turn.

const PASSWORD = "demo-pass-2026";
const COMMUNITY = "Tbilisi Startup Circle";
const IMAGE = fileURLToPath(new URL("../fixtures/post-image.png", import.meta.url));

// Sign-in is rate limited per address (10 in 10 minutes): each person signs in once for the whole file.
const sessions = new Map<string, Awaited<ReturnType<BrowserContext["storageState"]>>>();

test.beforeAll(async ({ browser }) => {
  for (const email of ["ana@example.com", "giorgi@example.com"]) {
    const context = await browser.newContext({ extraHTTPHeaders: ownAddress() });
    const page = await context.newPage();
    await signInThroughForm(page, email, PASSWORD);
    sessions.set(email, await context.storageState());
    await context.close();
  }
});

async function signIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: sessions.get(email) });
  const page = await context.newPage();
  await page.goto("/");
  // Whatever community was selected first, switch to the shared one through the header switcher.
  // The switcher is the header's first menu button, named by the community it shows.
  await page.getByRole("banner").locator('button[aria-haspopup="menu"]').first().click();
  await page.getByRole("menuitemradio", { name: COMMUNITY }).click();
  await expect(page.getByRole("heading", { level: 1, name: COMMUNITY })).toBeVisible();
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
  return page;
}

/** The unread number in the bell's accessible name ('Notifications, 3 unread'), 0 without one. */
async function unreadCount(page: Page): Promise<number> {
  const label = await page.getByRole("button", { name: /^Notifications/ }).getAttribute("aria-label");
  return Number(label?.match(/(\d+) unread/)?.[1] ?? 0);
}

test("a post, its like, comment and mention travel live between two people", async ({ browser }) => {
  const stamp = `${Date.now()}`;
  const headline = `Live demo day ${stamp}`;
  const ana = await signIn(browser, "ana@example.com");
  const giorgi = await signIn(browser, "giorgi@example.com");

  // Ana posts with an image: resized in the browser, uploaded with a progress bar, then created.
  await ana.getByRole("button", { name: "Share something with the community" }).click();
  const dialog = ana.getByRole("dialog", { name: "Create New Post" });
  await dialog.getByLabel("Headline (optional)").fill(headline);
  await dialog.getByLabel("Content").fill(`Who is coming to demo day? Details at https://example.com/demo-${stamp}`);
  await expect(dialog.getByText(/\/2000$/)).toBeVisible();
  await dialog.getByTestId("post-image-input").setInputFiles(IMAGE);
  await expect(dialog.getByRole("img", { name: "Image 1 of 1" })).toBeVisible();
  await dialog.getByRole("button", { name: "Create Post" }).click();
  await expect(ana.getByText("Post created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  const anasPost = ana.locator("article", { hasText: headline });
  await expect(anasPost.getByRole("img", { name: "Image 1 of 1" })).toBeVisible();

  // Giorgi never reloads: the community room brings the post, image and link included.
  const giorgisPost = giorgi.locator("article", { hasText: headline });
  await expect(giorgisPost).toBeVisible();
  await expect(giorgisPost.getByRole("img", { name: "Image 1 of 1" })).toBeVisible();
  await expect(giorgisPost.getByRole("link", { name: `https://example.com/demo-${stamp}` })).toHaveAttribute(
    "rel",
    "noopener noreferrer nofollow ugc",
  );

  const unreadBefore = await unreadCount(ana);

  // Giorgi likes and comments; Ana's counters follow.
  await giorgisPost.getByRole("button", { name: /^Like/ }).click();
  await expect(giorgisPost.getByRole("button", { name: /^Like/ })).toHaveAttribute("aria-pressed", "true");
  await expect(anasPost.getByTestId("likes-count")).toHaveText("1");

  await giorgisPost.getByRole("button", { name: /^Comments/ }).click();
  await expect(giorgisPost.getByText("No comments yet")).toBeVisible();
  await giorgisPost.getByPlaceholder("Write a comment...").fill(`Count me in ${stamp}`);
  await giorgisPost.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(giorgi.getByText("Comment added successfully")).toBeVisible();
  await expect(anasPost.getByTestId("comments-count")).toHaveText("1");

  // Two live notifications for Ana (the like and the comment) raise her badge.
  await expect.poll(() => unreadCount(ana)).toBe(unreadBefore + 2);
  await ana.getByRole("button", { name: /^Notifications/ }).click();
  const menu = ana.getByRole("menu", { name: "Notifications" });
  await expect(menu.getByRole("menuitem", { name: /Giorgi Maisuradze liked your post/ }).first()).toBeVisible();
  await menu
    .getByRole("menuitem", { name: /Giorgi Maisuradze commented on your post/ })
    .first()
    .click();

  // The notification opens the post page: breadcrumb, the post, Giorgi's comment; reading it lowers the badge.
  await expect(ana).toHaveURL(/\/post\/[^/]+$/);
  const breadcrumb = ana.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("link", { name: COMMUNITY })).toBeVisible();
  await expect(ana.getByRole("heading", { level: 1, name: headline })).toBeVisible();
  await expect(ana.getByText(`Count me in ${stamp}`)).toBeVisible();
  await expect.poll(() => unreadCount(ana)).toBe(unreadBefore + 1);

  // Ana mentions Giorgi through the autocomplete (keyboard only) and Giorgi is told live.
  const giorgiUnread = await unreadCount(giorgi);
  const box = ana.getByPlaceholder("Write a comment...");
  await box.click();
  await box.pressSequentially("Thanks @Gio");
  const suggestions = ana.getByRole("listbox", { name: "People to mention" });
  await expect(suggestions.getByRole("option", { name: "Giorgi Maisuradze" })).toBeVisible();
  await box.press("ArrowDown");
  await box.press("ArrowUp");
  await box.press("Enter");
  await expect(box).toHaveValue("Thanks @Giorgi Maisuradze ");
  await box.pressSequentially("see you there");
  await ana.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(ana.getByText("Comment added successfully")).toBeVisible();
  // The stored token reads as a highlighted name, never as raw markup.
  await expect(ana.getByText("@Giorgi Maisuradze", { exact: true })).toBeVisible();
  await expect(ana.getByText("@[Giorgi Maisuradze]")).toHaveCount(0);

  await expect.poll(() => unreadCount(giorgi)).toBeGreaterThan(giorgiUnread);
  await giorgi.getByRole("button", { name: /^Notifications/ }).click();
  await expect(
    giorgi
      .getByRole("menu", { name: "Notifications" })
      .getByRole("menuitem", { name: /Ana Kapanadze mentioned you in a comment/ })
      .first(),
  ).toBeVisible();
  // Meanwhile Giorgi's feed card counts both comments.
  await expect(giorgisPost.getByTestId("comments-count")).toHaveText("2");

  await ana.context().close();
  await giorgi.context().close();
});

test("the card menu edits, pins, reports and deletes, by keyboard", async ({ browser }) => {
  const stamp = `${Date.now()}`;
  const ana = await signIn(browser, "ana@example.com");

  await ana.getByRole("button", { name: "Share something with the community" }).click();
  const dialog = ana.getByRole("dialog", { name: "Create New Post" });
  await dialog.getByLabel("Content").fill(`Menu check ${stamp}`);
  await dialog.getByLabel("Topic").selectOption({ label: "Hiring" });
  await dialog.getByRole("button", { name: "Create Post" }).click();
  const post = ana.locator("article", { hasText: `Menu check ${stamp}` });
  await expect(post.getByText("Hiring", { exact: true })).toBeVisible();

  // Edit: a real edit, then '(edited)'.
  await post.getByRole("button", { name: "Post actions" }).focus();
  await ana.keyboard.press("Enter");
  await ana.keyboard.press("Enter");
  const edit = ana.getByRole("dialog", { name: "Edit Post" });
  await edit.getByLabel("Headline (optional)").fill(`Edited ${stamp}`);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(ana.getByText("Post updated")).toBeVisible();
  const edited = ana.locator("article", { hasText: `Edited ${stamp}` });
  await expect(edited.getByText("(edited)")).toBeVisible();

  // Pin it: it moves to the top, marked 'Pinned'; then unpin.
  await edited.getByRole("button", { name: "Post actions" }).click();
  await ana.getByRole("menuitem", { name: "Pin post" }).click();
  await expect(ana.locator("article").first()).toContainText(`Edited ${stamp}`);
  await expect(edited.getByText("Pinned", { exact: true })).toBeVisible();
  await edited.getByRole("button", { name: "Post actions" }).click();
  await ana.getByRole("menuitem", { name: "Unpin post" }).click();
  await expect(edited.getByText("Pinned", { exact: true })).toBeHidden();

  // Report someone else's post: the second report is refused as a duplicate.
  const other = ana.locator("article", { hasText: "Do angels in Georgia invest pre-revenue?" });
  for (let i = 0; i < 2; i++) {
    await other.getByRole("button", { name: "Post actions" }).click();
    await ana.getByRole("menuitem", { name: "Report post" }).click();
    const report = ana.getByRole("dialog", { name: "Report post" });
    await report.getByLabel("Reason").fill("Looks like spam to me");
    await report.getByRole("button", { name: "Send report" }).click();
    if (i === 1) await expect(report.getByText("You have already reported this.")).toBeVisible();
    else await expect(ana.getByText(/Report sent|You have already reported this/).first()).toBeVisible();
    await ana.keyboard.press("Escape");
    await expect(report).toBeHidden();
  }

  // Delete, after the spec's confirmation question.
  await edited.getByRole("button", { name: "Post actions" }).click();
  await ana.getByRole("menuitem", { name: "Delete post" }).click();
  const confirm = ana.getByRole("dialog", { name: "Delete post" });
  await expect(confirm.getByText("Are you sure you want to delete this post?")).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(ana.getByText("Post deleted successfully")).toBeVisible();
  await expect(edited).toHaveCount(0);

  await ana.context().close();
});
