import { expect, test, type Browser, type Page } from "@playwright/test";
import { registerAndVerify } from "./accounts";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

// A private community, end to end: its owner makes it private with two questions (and keeps it out of
// Explore) in its settings; a newcomer sees the Private badge and its about page but none of its posts,
// answers the questions and asks to join, and waits; the owner reads the answers in the request queue and
// approves; the newcomer is then a member and reads the feed. Everyone and everything here is new (a
// fresh owner, community and newcomer), so no other journey meets it.

const PASSWORD = "demo-pass-2026";
const QUESTIONS = ["Which book are you reading now?", "What would you like to discuss with us?"];
const ANSWERS = ["The Knight in the Panther's Skin", "Translations of Georgian poetry into English"];

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: ownAddress(),
  });
  return context.newPage();
}

/** A write through the API with the page's session, from its own origin (CSRF check). */
async function write(page: Page, path: string, data: object = {}) {
  const origin = test.info().project.use.baseURL!;
  const res = await page.request.post(path, { data, headers: { origin } });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** A free community of the owner's, approved by staff (public until its owner says otherwise). */
async function approvedCommunity(browser: Browser, owner: Page, name: string): Promise<string> {
  const { community } = (await write(owner, "/api/communities", {
    name,
    description: "Slow reading and long conversations about Georgian literature.",
    phoneNumber: "+995555123456",
    categoryKey: "education",
    plan: "free",
    isPaid: false,
  })) as { community: { id: string } };
  const staff = await newPage(browser);
  await write(staff, "/api/auth/sign-in/email", { email: "staff@example.com", password: PASSWORD });
  await write(staff, `/api/admin/communities/${community.id}/approve`);
  await staff.context().close();
  return community.id;
}

test("private community: questions, a request to join, the queue with the answers, approval and the feed", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const name = `Lantern Reading Room ${stamp}`;
  const headline = `First chapter notes ${stamp}`;

  const owner = await newPage(browser);
  await registerAndVerify(owner, {
    firstName: "Eka",
    lastName: `Owner${stamp}`,
    email: `private-owner-${stamp}@example.com`,
    password: PASSWORD,
  });
  const id = await approvedCommunity(browser, owner, name);
  const { post } = (await write(owner, `/api/communities/${id}/posts`, {
    headline,
    content: "Members only: what we read this week.",
  })) as { post: { id: string } };

  // 1. The owner makes it private, out of Explore, with two questions: settings, Details tab.
  await owner.goto(`/communities/${id}`);
  await owner.getByRole("button", { name: "Manage community" }).click();
  await expect(owner).toHaveURL(/\/settings/);
  await expect(owner.getByRole("tab", { name: "Details" })).toHaveAttribute("aria-selected", "true");
  const joinSettings = owner.getByRole("form", { name: "Who can join" });
  await joinSettings.getByRole("radio", { name: "Private" }).check();
  await joinSettings.getByRole("checkbox", { name: /Hide from Explore/ }).check();
  await joinSettings.getByRole("button", { name: "Add a question" }).click();
  await joinSettings.getByRole("textbox", { name: "Question 1" }).fill(QUESTIONS[0]!);
  await joinSettings.getByRole("button", { name: "Add a question" }).click();
  await joinSettings.getByRole("textbox", { name: "Question 2" }).fill(QUESTIONS[1]!);
  await expect(joinSettings.getByText("2 of 3")).toBeVisible();
  await joinSettings.getByRole("button", { name: "Save", exact: true }).click();
  await expect(owner.getByText("Join settings saved")).toBeVisible();
  // The Requests tab comes with privacy.
  await expect(owner.getByRole("tab", { name: "Requests" })).toBeVisible();

  // 2. A newcomer sees the badge and the about page, but not the posts.
  const newcomerName = `Levan Reader${stamp}`;
  const newcomer = await newPage(browser);
  await registerAndVerify(newcomer, {
    firstName: "Levan",
    lastName: `Reader${stamp}`,
    email: `private-newcomer-${stamp}@example.com`,
    password: PASSWORD,
  });
  await newcomer.goto(`/communities/${id}`);
  await expect(newcomer.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(newcomer.getByText("Private", { exact: true })).toBeVisible();
  await expect(newcomer.getByRole("heading", { name: "About this community" })).toBeVisible();
  await expect(newcomer.getByText("Slow reading and long conversations about Georgian literature.")).toBeVisible();
  await expect(newcomer.getByText("This community is private: ask to join and its moderators will answer you.")).toBeVisible();
  await expect(newcomer.getByRole("button", { name: "Join Community" })).toHaveCount(0);
  await expect(newcomer.getByText(headline)).toHaveCount(0);
  await newcomer.goto(`/post/${post.id}`);
  await expect(newcomer.getByText("Post not found")).toBeVisible();
  await expect(newcomer.getByText(headline)).toHaveCount(0);

  // 3. They answer both questions and ask to join; the card then says they wait.
  await newcomer.goto(`/communities/${id}`);
  await newcomer.getByRole("button", { name: "Ask to join" }).click();
  const ask = newcomer.getByRole("dialog", { name: `Ask to join ${name}` });
  // Both answers are required.
  await ask.getByRole("button", { name: "Send" }).click();
  await expect(ask.getByText("Answer this question")).toHaveCount(2);
  await ask.getByRole("textbox", { name: QUESTIONS[0] }).fill(ANSWERS[0]!);
  await ask.getByRole("textbox", { name: QUESTIONS[1] }).fill(ANSWERS[1]!);
  await ask.getByRole("button", { name: "Send" }).click();
  await expect(ask).toBeHidden();
  await expect(newcomer.getByText("Request sent: the moderators will answer you.")).toBeVisible();
  await newcomer.reload();
  await expect(newcomer.getByText("Request sent: the moderators will answer you.")).toBeVisible();
  await expect(newcomer.getByRole("button", { name: "Ask to join" })).toHaveCount(0);

  // 4. The owner finds the request with the answers beside the questions, and approves it.
  await owner.getByRole("tab", { name: "Requests" }).click();
  const queue = owner.getByRole("region", { name: /Requests to join/ });
  await expect(queue.getByText("1 waiting")).toBeVisible();
  const row = queue.getByRole("listitem").filter({ hasText: newcomerName });
  await expect(row.getByRole("term")).toHaveText(QUESTIONS);
  await expect(row.getByRole("definition")).toHaveText(ANSWERS);
  await row.getByRole("button", { name: `Approve ${newcomerName}` }).click();
  await expect(owner.getByText(`You approved ${newcomerName}'s request`)).toBeVisible();
  await expect(queue.getByText("No one is waiting")).toBeVisible();

  // 5. The newcomer is a member at once (a free community) and reads the feed.
  await newcomer.reload();
  await expect(newcomer.getByText("You are a member")).toBeVisible();
  await newcomer.getByRole("button", { name: "View Community" }).click();
  await expect(newcomer).toHaveURL(/\/$/);
  await expect(newcomer.getByRole("button", { name, exact: true })).toBeVisible();
  await expect(newcomer.getByText(headline)).toBeVisible();
  await newcomer.goto(`/post/${post.id}`);
  await expect(newcomer.getByRole("heading", { name: headline })).toBeVisible();
});
