import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { signInThroughForm } from "./accounts";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

// Profiles: a newcomer completes the wizard with a suggested place and two images and edits the
// profile; Ana opens Giorgi's profile from his name in the feed, blocks him (his posts leave her feed)
// and unblocks him (they return). axe checks each new screen in the light and the dark theme.

const PASSWORD = "demo-pass-2026";
const IMAGE = "tests/fixtures/post-image.png";
const COMMUNITY = "Tbilisi Startup Circle";

/** A context of its own client address (sign-ins are limited per address), theme and size; axe needs bypassCSP. */
async function open(browser: Browser, theme: "light" | "dark", viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({
    bypassCSP: true,
    viewport,
    colorScheme: theme,
    extraHTTPHeaders: ownAddress(),
  });
  await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
  return context.newPage();
}

/** Serious and critical axe violations, one line each. */
async function axe(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${page.url()} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("complete the wizard with a suggested place and images, then edit the profile", async ({ browser }) => {
  test.setTimeout(240_000);
  const found: string[] = [];
  const page = await open(browser, "light");
  const email = `profile-${Date.now()}@example.com`;
  await page.goto("/auth/register");
  await page.getByLabel("First name").fill("Nino");
  await page.getByLabel("Last name").fill("Beridze");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
  await page.getByLabel(/I agree to the Terms/).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Registration successful!")).toBeVisible();
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  await page
    .getByRole("link", { name: /verify-email/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/auth\/complete-profile/);

  // Basic Info: both images with previews, a bio with its counter.
  await page.getByLabel("Profile picture").setInputFiles(IMAGE);
  await page.getByLabel("Cover photo").setInputFiles(IMAGE);
  await expect(page.getByRole("button", { name: "Remove" })).toHaveCount(2);
  await page.getByLabel("Bio").fill("Photographer who loves the Caucasus.");
  await expect(page.getByText("36/200")).toBeVisible();
  found.push(...(await axe(page)));
  await page.getByRole("button", { name: "Next" }).click();

  // Additional Info: the place comes from the suggestions after three letters.
  await page.getByLabel("Profession").fill("Photographer");
  const location = page.getByRole("combobox", { name: "Location" });
  await location.fill("Tb");
  await expect(page.getByRole("listbox")).toBeHidden();
  await location.fill("Tbil");
  await expect(page.getByRole("option")).toHaveCount(1);
  found.push(...(await axe(page)));
  await page.getByRole("option", { name: "Tbilisi, Georgia" }).click();
  await expect(location).toHaveValue("Tbilisi, Georgia");
  await page.getByLabel("Website").fill("nino.example.com");
  await page.getByLabel("Birth date").fill("1994-03-08");
  await page.screenshot({ path: "test-results/profile-wizard.png", fullPage: true });
  await page.getByRole("button", { name: "Complete Profile" }).click();
  await expect(page.getByText("Profile completed! Welcome to the community.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The profile shows what was saved, the new member's empty states and the images.
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Nino Beridze" })).toBeVisible();
  await expect(page.getByText("Photographer who loves the Caucasus.")).toBeVisible();
  await expect(page.getByText("Tbilisi, Georgia")).toBeVisible();
  await expect(page.getByRole("link", { name: "nino.example.com" })).toHaveAttribute("href", "https://nino.example.com");
  await expect(page.getByText("Recently joined")).toBeVisible();
  await expect(page.getByRole("heading", { name: "My Communities (0)" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Explore Communities" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("img", { name: "Cover image of Nino Beridze" })).toHaveAttribute("src", /\/files\/cover\//);
  await expect(page.getByRole("main").locator('img[src^="/files/avatar/"]')).toBeVisible();
  await page.screenshot({ path: "test-results/profile-own.png", fullPage: true });
  found.push(...(await axe(page)));

  // Edit: a new profession and no avatar.
  await page.getByRole("link", { name: "Edit Profile" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Profile" })).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("Nino Beridze");
  found.push(...(await axe(page)));
  await page.getByLabel("Profession").fill("Travel photographer");
  await page.getByRole("button", { name: "Remove image" }).nth(1).click();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Travel photographer")).toBeVisible();
  await expect(page.getByRole("main").locator('img[src^="/files/avatar/"]')).toHaveCount(0);

  // The dark theme on a phone.
  const dark = await open(browser, "dark", { width: 390, height: 844 });
  await signInThroughForm(dark, email, PASSWORD);
  await dark.goto("/profile");
  await expect(dark.getByRole("heading", { level: 1, name: "Nino Beridze" })).toBeVisible();
  await dark.screenshot({ path: "test-results/profile-own-dark.png", fullPage: true });
  found.push(...(await axe(dark)));
  await dark.goto("/edit-profile");
  await expect(dark.getByLabel("Full name")).toHaveValue("Nino Beridze");
  found.push(...(await axe(dark)));
  expect(found).toEqual([]);
});

test("block someone from their profile: their posts leave the feed, and come back on unblock", async ({ browser }) => {
  test.setTimeout(240_000);
  const found: string[] = [];
  for (const theme of ["light", "dark"] as const) {
    const page = await open(browser, theme);
    await signInThroughForm(page, "ana@example.com", PASSWORD);
    const { communities } = (await (await page.request.get("/api/me/communities")).json()) as {
      communities: { id: string; name: string }[];
    };
    const circle = communities.find((c) => c.name === COMMUNITY)!;
    // A run that stopped half-way may have left the block in place.
    const { items } = (await (await page.request.get("/api/me/blocks")).json()) as { items: { id: string }[] };
    const origin = new URL(page.url()).origin;
    for (const { id } of items) await page.request.delete(`/api/users/${id}/block`, { headers: { origin } });
    await page.goto(`/?id=${circle.id}`);
    const giorgisPosts = page
      .getByRole("article")
      .filter({ has: page.getByRole("link", { name: "Giorgi Maisuradze", exact: true }) });
    // The first visit compiles the feed's code on the dev server.
    await expect(giorgisPosts.first()).toBeVisible({ timeout: 30_000 });

    // His name on a post opens his public profile: no e-mail, Message and Block.
    await giorgisPosts.first().getByRole("link", { name: "Giorgi Maisuradze", exact: true }).click();
    await expect(page).toHaveURL(/\/profile\/[^/]+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Giorgi Maisuradze" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("giorgi@example.com")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Message Giorgi Maisuradze" })).toHaveAttribute("href", /\/new-chat\?user=/);
    await expect(page.getByRole("heading", { name: /Communities in common/ })).toBeVisible();
    await page.screenshot({ path: `test-results/profile-member-${theme}.png`, fullPage: true });
    found.push(...(await axe(page)));
    const profileUrl = page.url();

    await page.getByRole("button", { name: "Block Giorgi Maisuradze" }).click();
    await expect(page.getByRole("dialog", { name: "Block Giorgi Maisuradze?" })).toBeVisible();
    found.push(...(await axe(page)));
    if (theme === "dark") {
      // The dark theme is only looked at: the light run already blocked and unblocked.
      await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
      await page.context().close();
      continue;
    }
    await page.getByRole("dialog").getByRole("button", { name: "Block", exact: true }).click();
    await expect(page.getByText("Giorgi Maisuradze is blocked")).toBeVisible();
    await expect(page.getByRole("button", { name: "Unblock Giorgi Maisuradze" })).toBeVisible();
    await expect(page.getByText("You blocked this person.")).toBeVisible();

    await page.goto(`/?id=${circle.id}`);
    await expect(page.getByRole("article").first()).toBeVisible({ timeout: 30_000 });
    await expect(giorgisPosts).toHaveCount(0);

    await page.goto(profileUrl);
    await page.getByRole("button", { name: "Unblock Giorgi Maisuradze" }).click();
    await expect(page.getByText("Giorgi Maisuradze is unblocked")).toBeVisible();
    await expect(page.getByRole("button", { name: "Block Giorgi Maisuradze" })).toBeVisible();
    await page.goto(`/?id=${circle.id}`);
    await expect(giorgisPosts.first()).toBeVisible({ timeout: 30_000 });
    await page.context().close();
  }
  expect(found).toEqual([]);
});
