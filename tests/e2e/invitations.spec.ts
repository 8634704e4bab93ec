import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { registerAndVerify, signInThroughForm } from "./accounts";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

// Invitations in Tbilisi Startup Circle: Ana (owner) creates an invite link on /members and a newcomer
// joins through it; Ana invites another newcomer by name and they accept from their notifications.
// Each newcomer registers afresh so the journeys can run again on the same database.

const COMMUNITY = "Tbilisi Startup Circle";

// Two people, registrations and axe runs in each journey.
test.describe.configure({ timeout: 180_000 });

// Closed after each journey: a page left open keeps its person online for the specs that follow.
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

async function newContext(browser: Browser, opts: { theme?: "light" | "dark"; width?: number } = {}) {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: 900 },
    colorScheme: opts.theme ?? "light",
    bypassCSP: true,
    extraHTTPHeaders: ownAddress(),
  });
  await context.addInitScript((theme) => localStorage.setItem("theme", theme), opts.theme ?? "light");
  opened.push(context);
  return context.newPage();
}

async function ownerOnMembers(browser: Browser, theme: "light" | "dark" = "light"): Promise<Page> {
  const ana = await newContext(browser, { theme });
  await signInThroughForm(ana, "ana@example.com");
  await ana.goto("/");
  await ana.getByRole("banner").locator('button[aria-haspopup="menu"]').first().click();
  await ana.getByRole("menuitemradio", { name: COMMUNITY }).click();
  await ana.goto("/members");
  await expect(ana.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  return ana;
}

async function newcomer(browser: Browser, first: string, opts: { theme?: "light" | "dark"; width?: number } = {}) {
  const page = await newContext(browser, opts);
  const user = {
    firstName: first,
    lastName: `Invitee${Date.now().toString(36)}`,
    email: `${first.toLowerCase()}-${Date.now()}@example.com`,
    password: "invite-pass-2026",
  };
  await registerAndVerify(page, user);
  return { page, name: `${user.firstName} ${user.lastName}` };
}

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("an invite link: the owner creates it, a newcomer opens it and joins", async ({ browser }) => {
  const ana = await ownerOnMembers(browser);
  await ana.getByRole("button", { name: "Invite", exact: true }).click();
  const dialog = ana.getByRole("dialog", { name: `Invite people to ${COMMUNITY}` });
  await dialog.getByRole("tab", { name: "Invite links" }).click();
  await dialog.getByLabel("Use limit").selectOption("5");
  await dialog.getByRole("button", { name: "Create link" }).click();
  const links = dialog.getByRole("list", { name: "Invite links" });
  await expect(links.getByText("0 of 5 uses").first()).toBeVisible();
  expect(await seriousViolations(ana)).toEqual([]);
  await ana.screenshot({ path: "test-results/invite-links-light.png" });

  const mine = (await (await ana.request.get("/api/me/communities")).json()) as { communities: { id: string; name: string }[] };
  const id = mine.communities.find((c) => c.name === COMMUNITY)!.id;
  const { items } = (await (await ana.request.get(`/api/communities/${id}/invite-links`)).json()) as {
    items: { token: string; maxUses: number | null }[];
  };
  const token = items.find((l) => l.maxUses === 5)!.token;

  const { page: nino } = await newcomer(browser, "Nino", { theme: "dark", width: 390 });
  await nino.goto(`/invite/${token}`);
  await expect(nino.getByText(/invited you to join Tbilisi Startup Circle/)).toBeVisible();
  expect(await seriousViolations(nino)).toEqual([]);
  await nino.screenshot({ path: "test-results/invite-page-dark-phone.png", fullPage: true });
  await nino.getByRole("button", { name: "Join Community" }).click();
  await expect(nino.getByText(`Welcome! You've successfully joined ${COMMUNITY}`)).toBeVisible();
  await expect(nino).toHaveURL(/\/$/);

  // The owner's list counts the use.
  await ana.reload();
  await ana.getByRole("button", { name: "Invite", exact: true }).click();
  await ana.getByRole("tab", { name: "Invite links" }).click();
  await expect(ana.getByText("1 of 5 uses").first()).toBeVisible();
});

test("an invitation by name: the owner finds a person, who accepts from their notifications", async ({ browser }) => {
  const { page: luka, name } = await newcomer(browser, "Luka", { theme: "dark" });
  const ana = await ownerOnMembers(browser, "dark");
  await ana.getByRole("button", { name: "Invite", exact: true }).click();
  const dialog = ana.getByRole("dialog", { name: `Invite people to ${COMMUNITY}` });
  await dialog.getByLabel("Search people by name").fill(name);
  await dialog.getByRole("button", { name: `Invite ${name}` }).click();
  await expect(ana.getByText(`Invitation sent to ${name}`)).toBeVisible();
  await expect(dialog.getByRole("list", { name: "People found" }).getByText("Invited")).toBeVisible();
  expect(await seriousViolations(ana)).toEqual([]);
  await ana.screenshot({ path: "test-results/invite-by-name-dark.png" });

  await luka.goto("/notifications");
  await expect(luka.getByText(`Ana Kapanadze invited you to ${COMMUNITY}`)).toBeVisible();
  const answer = luka.getByRole("group", { name: `Invitation to ${COMMUNITY}` });
  expect(await seriousViolations(luka)).toEqual([]);
  await answer.getByRole("button", { name: "Accept" }).click();
  await expect(luka.getByText(`Welcome! You've successfully joined ${COMMUNITY}`)).toBeVisible();
  await expect(luka.getByRole("heading", { level: 1, name: COMMUNITY })).toBeVisible();
});

test("an invitation answered from the bell: Decline in the dropdown, on a phone in light", async ({ browser }) => {
  const { page: eka, name } = await newcomer(browser, "Eka", { width: 390 });
  const ana = await ownerOnMembers(browser);
  await ana.getByRole("button", { name: "Invite", exact: true }).click();
  const dialog = ana.getByRole("dialog", { name: `Invite people to ${COMMUNITY}` });
  await dialog.getByLabel("Search people by name").fill(name);
  await dialog.getByRole("button", { name: `Invite ${name}` }).click();
  await expect(ana.getByText(`Invitation sent to ${name}`)).toBeVisible();

  await eka.goto("/profile");
  await eka.getByRole("button", { name: /^Notifications, \d+ unread$/ }).click();
  const menu = eka.getByRole("menu", { name: "Notifications" });
  await expect(menu.getByText(`Ana Kapanadze invited you to ${COMMUNITY}`)).toBeVisible();
  const answer = menu.getByRole("group", { name: `Invitation to ${COMMUNITY}` });
  await expect(answer.getByRole("menuitem", { name: "Accept" })).toBeVisible();
  expect(await seriousViolations(eka)).toEqual([]);
  await eka.screenshot({ path: "test-results/invite-bell-light-phone.png" });
  await answer.getByRole("menuitem", { name: "Decline" }).click();
  await expect(menu.getByRole("menuitem", { name: "Invitation declined" })).toBeFocused();
  expect(await seriousViolations(eka)).toEqual([]);
  await eka.screenshot({ path: "test-results/invite-bell-declined-light-phone.png" });
});
