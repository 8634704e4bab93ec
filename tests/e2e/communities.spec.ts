import { expect, test, type Browser, type Page } from "@playwright/test";
import { registerAndVerify } from "./accounts";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

// The communities journey: a new user creates a community with two images on the Free plan, staff
// approve it, it shows up in Explore, a second user joins it, and the owner renames a topic and archives
// it, after which nobody can join. Each person has their own browser context (their own cookies).

const PASSWORD = "demo-pass-2026";

/** Every person gets their own context (cookies and storage) and their own client address. */
async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: ownAddress(),
  });
  return context.newPage();
}

async function signIn(browser: Browser, email: string, password = PASSWORD): Promise<Page> {
  const page = await newPage(browser);
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("status").getByText("Welcome back!")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  return page;
}

/** A fresh account (so the daily community-creation limit never trips on re-runs), verified via dev mail. */
async function signUp(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await newPage(browser);
  await registerAndVerify(page, { firstName: "Tamta", lastName: "Creator", email, password });
  return page;
}

/** A small solid-colour PNG drawn by the browser itself, so the test needs no binary fixtures. */
async function pngFixture(page: Page, name: string, color: string) {
  const base64 = await page.evaluate((fill) => {
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 180;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = fill;
    ctx.fillRect(0, 0, 320, 180);
    return canvas.toDataURL("image/png").split(",")[1]!;
  }, color);
  return { name, mimeType: "image/png", buffer: Buffer.from(base64, "base64") };
}

test("create, review, discover, join, manage and archive a community", async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const name = `Chess Night ${stamp}`;
  const ownerEmail = `owner-${stamp}@example.com`;

  // 1. A new user creates a community with two images and picks the Free plan.
  const owner = await signUp(browser, ownerEmail, "journey-pass-42");
  await owner.goto("/communities/create");
  await expect(owner.getByRole("heading", { name: "Create Community" })).toBeVisible();
  // Submitting empty shows the spec's messages per field.
  await owner.getByRole("button", { name: "Continue" }).click();
  await expect(owner.getByText("Community name is required")).toBeVisible();
  await expect(owner.getByText("Please select a category")).toBeVisible();

  const images = [await pngFixture(owner, "red.png", "#dc2626"), await pngFixture(owner, "blue.png", "#2563eb")];
  await owner.getByLabel("Add images").setInputFiles(images);
  await expect(owner.getByRole("img", { name: "red.png" })).toBeVisible();
  await expect(owner.getByRole("img", { name: "blue.png" })).toBeVisible();
  await expect(owner.getByText("Cover", { exact: true })).toBeVisible();
  await expect(owner.getByRole("progressbar")).toHaveCount(0, { timeout: 20_000 });

  await owner.getByLabel("Community name").fill(name);
  await owner.getByLabel("Description").fill("Blitz, rapid and long games every Thursday evening in Vake.");
  await owner.getByLabel("Phone number").fill("+995 555 12 34 56");
  await expect(owner.getByLabel("Phone number")).toHaveValue("555123456");
  await owner.getByLabel("Category").selectOption({ label: "Gaming" });
  await owner.getByLabel("Who is this for?").fill("Club players");
  await owner.getByLabel("Who is this for?").press("Enter");
  await expect(owner.getByRole("button", { name: "Remove Club players" })).toBeVisible();
  await owner.getByRole("button", { name: "Continue" }).click();

  await expect(owner).toHaveURL(/\/communities\/subscription-selection$/);
  await expect(owner.getByRole("heading", { name: "Choose a Plan" })).toBeVisible();
  await expect(owner.getByText("Most Popular")).toBeVisible();
  await expect(owner.getByRole("article", { name: "Starter" }).getByRole("button", { name: "Choose Starter" })).toBeEnabled();
  // A reload keeps the form's data (it lives in session storage).
  await owner.reload();
  await expect(owner.getByRole("heading", { name: "Choose a Plan" })).toBeVisible();
  await owner.getByRole("button", { name: "Choose Free" }).click();

  const underReview = owner.getByRole("dialog", { name: "Community Under Review" });
  await expect(underReview).toBeVisible();
  await expect(underReview.getByText(/24-48 hours/)).toBeVisible();
  await expect(underReview.getByText(/10 bonus points/)).toBeVisible();
  await underReview.getByRole("button", { name: "Understood" }).click();
  await expect(owner).toHaveURL(/\/$/);
  await expect(owner.getByRole("button", { name, exact: true })).toBeVisible();
  const communityId = await owner.evaluate(() => localStorage.getItem("currentCommunityId"));
  expect(communityId).toBeTruthy();

  // 2. Staff approve it in the review console.
  const staff = await signIn(browser, "staff@example.com");
  await staff.getByRole("button", { name: "Account menu" }).click();
  await staff.getByRole("menuitem", { name: "Admin" }).click();
  await expect(staff.getByRole("heading", { name: "Community Reviews" })).toBeVisible();
  const pending = staff.getByRole("article", { name });
  await expect(pending.getByText(ownerEmail)).toBeVisible();
  await pending.getByRole("button", { name: "Approve" }).click();
  await expect(staff.getByText(`${name} approved`)).toBeVisible();
  await expect(staff.getByRole("article", { name })).toHaveCount(0);

  // 3. It is listed in Explore under its category, and found by search.
  const member = await signIn(browser, "luka@example.com");
  await member.goto("/communities/explore");
  await expect(member.getByRole("heading", { name: "Explore Communities" })).toBeVisible();
  await member.getByRole("button", { name: "Gaming", exact: true }).click();
  await expect(member).toHaveURL(/category=gaming/);
  await expect(member.getByRole("article", { name })).toBeVisible();
  await member.getByRole("button", { name: "All", exact: true }).click();
  await member.getByLabel("Search communities").fill(`Chess Night ${stamp}`);
  await expect(member).toHaveURL(new RegExp(`q=Chess`));
  const card = member.getByRole("article", { name });
  await expect(card).toBeVisible();
  await expect(member.getByRole("article")).toHaveCount(1);
  await expect(card.getByText("1 member")).toBeVisible();

  // 4. A second user joins it from the detail page, is welcomed and finds it in the switcher.
  await card.getByRole("link", { name: "Join" }).click();
  await expect(member.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(member.getByRole("heading", { name: "About this community" })).toBeVisible();
  await expect(member.getByText("Club players")).toBeVisible();
  await member.getByRole("button", { name: "Join Community" }).click();
  await expect(member.getByText(`Welcome! You've successfully joined ${name}`)).toBeVisible();
  await expect(member).toHaveURL(/\/$/);
  const switcher = member.getByRole("button", { name, exact: true });
  await expect(switcher).toBeVisible();
  await switcher.click();
  await expect(member.getByRole("menu", { name: "Switch Community" }).getByRole("menuitemradio", { name })).toBeVisible();
  await member.keyboard.press("Escape");

  // 5. The owner adds and renames a topic, then archives the community.
  await owner.goto("/settings");
  await expect(owner.getByRole("heading", { name: "Community settings" })).toBeVisible();
  await owner.getByRole("tab", { name: "Topics" }).click();
  await owner.getByLabel("New topic").fill("Openings");
  await owner.getByRole("button", { name: "Add Topic" }).click();
  await expect(owner.getByText("Topic Openings added")).toBeVisible();
  await owner.getByRole("button", { name: "Edit topic Openings" }).click();
  await owner.getByLabel("Topic name").fill("Opening theory");
  await owner.getByRole("button", { name: "Save", exact: true }).click();
  await expect(owner.getByText("Topic saved")).toBeVisible();
  await expect(owner.getByText("Opening theory", { exact: true })).toBeVisible();

  await owner.getByRole("tab", { name: "Archive" }).click();
  await owner.getByRole("button", { name: "Archive Community" }).click();
  const confirm = owner.getByRole("dialog", { name: `Archive ${name}?` });
  await confirm.getByRole("button", { name: "Archive", exact: true }).click();
  await expect(owner.getByText(`${name} is archived`)).toBeVisible();
  await expect(owner.getByRole("button", { name: "Unarchive Community" })).toBeVisible();

  // 6. The archived community is read-only: the member sees it, and nobody new can join.
  await member.goto(`/communities/explore?q=${encodeURIComponent(name)}`);
  await expect(member.getByText("No communities found")).toBeVisible();
  await member.goto("/about");
  await expect(member.getByText(/This community is archived and read-only/)).toBeVisible();

  const newcomer = await signIn(browser, "giorgi@example.com");
  await newcomer.goto(`/communities/${communityId}`);
  await expect(newcomer.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(newcomer.getByText("This community is archived. It is read-only and not accepting new members.")).toBeVisible();
  await expect(newcomer.getByRole("button", { name: "Join Community" })).toHaveCount(0);
  const origin = new URL(newcomer.url()).origin;
  const refused = await newcomer.request.post(`/api/communities/${communityId}/join`, { headers: { Origin: origin } });
  expect(refused.status()).toBe(409);
});

test("staff-only console and unknown communities", async ({ browser }) => {
  const member = await signIn(browser, "luka@example.com");
  await member.getByRole("button", { name: "Account menu" }).click();
  await expect(member.getByRole("menuitem", { name: "Admin" })).toHaveCount(0);
  await member.keyboard.press("Escape");
  await member.goto("/admin/reviews");
  await expect(member.getByText("Oops! We couldn't find that page")).toBeVisible();

  await member.goto("/communities/no-such-community");
  await expect(member.getByRole("heading", { name: "Community not found" })).toBeVisible();
  await member.getByRole("link", { name: "Browse Communities" }).click();
  await expect(member).toHaveURL(/\/communities\/explore$/);
});
