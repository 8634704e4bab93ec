import { expect, test, type Browser, type Page } from "@playwright/test";
import { registerAndVerify, signInThroughForm } from "./accounts";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

// Members and leaderboards across two people in Tbilisi Startup Circle: Ana (owner) sees Giorgi come
// online and go offline on /members without reloading, searches and filters; Giorgi's leaderboard
// moves when Ana likes his post, and his points history says who liked what.

const PASSWORD = "demo-pass-2026";
const COMMUNITY = "Tbilisi Startup Circle";

async function signIn(browser: Browser, email: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, extraHTTPHeaders: ownAddress() });
  const page = await context.newPage();
  await signInThroughForm(page, email, PASSWORD);
  await page.goto("/");
  await page.getByRole("banner").locator('button[aria-haspopup="menu"]').first().click();
  await page.getByRole("menuitemradio", { name: COMMUNITY }).click();
  await expect(page.getByRole("heading", { level: 1, name: COMMUNITY })).toBeVisible();
  return page;
}

async function communityId(page: Page): Promise<string> {
  const mine = (await (await page.request.get("/api/me/communities")).json()) as { communities: { id: string; name: string }[] };
  return mine.communities.find((c) => c.name === COMMUNITY)!.id;
}

/** A write through the API with the page's session, from its own origin (CSRF check). */
async function write(page: Page, method: "POST" | "DELETE", path: string, data?: object) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.fetch(path, { method, data, headers: { origin } });
  expect(res.ok()).toBe(true);
  return res.json();
}

const card = (page: Page, name: string | RegExp) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });

test("members: cards, live online dots, the online-now filter, search and the Message link", async ({ browser }) => {
  const ana = await signIn(browser, "ana@example.com");
  await ana.goto("/members");
  await expect(ana.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  const giorgi = card(ana, /Giorgi Maisuradze/);
  await expect(giorgi).toBeVisible();
  await expect(giorgi.getByText("Moderator", { exact: true })).toBeVisible();
  await expect(giorgi.getByRole("img", { name: /^Level \d/ })).toBeVisible();
  await expect(card(ana, /Ana Kapanadze/).getByText("Owner", { exact: true })).toBeVisible();
  // Her own card has no Message button; Giorgi's leads to a new chat with him.
  await expect(card(ana, /Ana Kapanadze/).getByRole("link", { name: /^Message/ })).toHaveCount(0);
  await expect(giorgi.getByRole("link", { name: "Message Giorgi Maisuradze" })).toHaveAttribute("href", /\/new-chat\?user=/);
  await expect(giorgi.getByTestId("online-dot")).toHaveAttribute("data-online", "false");
  await ana.screenshot({ path: "test-results/members-desktop.png", fullPage: true });

  // Giorgi opens the members page: Ana sees him come online, then go offline, without reloading.
  const other = await signIn(browser, "giorgi@example.com", { width: 390, height: 844 });
  await other.goto("/members");
  await expect(card(other, /Ana Kapanadze/).getByTestId("online-dot")).toHaveAttribute("data-online", "true");
  await expect(giorgi.getByTestId("online-dot")).toHaveAttribute("data-online", "true");
  await other.screenshot({ path: "test-results/members-phone.png", fullPage: true });

  await ana.getByRole("button", { name: /Online now/ }).click();
  await expect(ana.getByRole("button", { name: /Online now/ })).toHaveAttribute("aria-pressed", "true");
  await expect(ana.getByRole("heading", { name: /Giorgi Maisuradze/ })).toBeVisible();
  await expect(ana.getByRole("heading", { name: /Luka/ })).toHaveCount(0);

  // Giorgi leaves the app: his socket closes with the page.
  await other.goto("about:blank");
  await expect(ana.getByRole("heading", { name: /Giorgi Maisuradze/ })).toHaveCount(0);
  await ana.getByRole("button", { name: /Online now/ }).click();
  await expect(giorgi.getByTestId("online-dot")).toHaveAttribute("data-online", "false");

  // Search is case-insensitive and narrows the cards.
  await ana.getByRole("searchbox", { name: "Search members" }).fill("GIORGI");
  await expect(ana.getByRole("heading", { name: /Giorgi Maisuradze/ })).toBeVisible();
  await expect(ana.getByRole("heading", { name: /Ana Kapanadze/ })).toHaveCount(0);
  await ana.getByRole("searchbox", { name: "Search members" }).fill("zzzz-nobody");
  await expect(ana.getByText("No members match your search")).toBeVisible();
});

test("leaderboard: a like moves the other's points and rank live, with level badges and a points history", async ({
  browser,
}) => {
  const stamp = `${Date.now()}`;
  const giorgi = await signIn(browser, "giorgi@example.com");
  const id = await communityId(giorgi);
  const { post } = (await write(giorgi, "POST", `/api/communities/${id}/posts`, {
    headline: `Beginner plan ${stamp}`,
    content: "Week one: run three times.",
  })) as { post: { id: string } };

  await giorgi.goto("/leaderboards");
  await expect(giorgi.getByRole("heading", { level: 1, name: "Leaderboards" })).toBeVisible();
  await expect(giorgi.getByRole("tab", { name: "All time" })).toHaveAttribute("aria-selected", "true");
  const mine = giorgi.locator('[data-testid="leader-row"][aria-current="true"]');
  await expect(mine).toBeVisible();
  await expect(mine.getByRole("img", { name: /^Level \d/ })).toBeVisible();
  const pointsOf = async () => Number((await mine.getByTestId("leader-points").innerText()).match(/\d+/)![0]);
  const before = await pointsOf();
  const history = giorgi.getByRole("region", { name: "My points" });
  await expect(history.getByRole("link", { name: `You posted 'Beginner plan ${stamp}'` })).toBeVisible();

  // Ana likes the post from her own session: Giorgi's row moves by 2 without a reload.
  const ana = await signIn(browser, "ana@example.com");
  await write(ana, "POST", `/api/posts/${post.id}/like`);
  await expect.poll(pointsOf).toBe(before + 2);
  await expect(history.getByRole("link", { name: `Ana Kapanadze liked your post 'Beginner plan ${stamp}'` })).toBeVisible();

  // The week tab counts this week's points only; Giorgi is on it with at least the post and the like.
  await giorgi.getByRole("tab", { name: "7 days" }).click();
  await expect(mine).toBeVisible();
  expect(await pointsOf()).toBeGreaterThanOrEqual(12);
  await giorgi.screenshot({ path: "test-results/leaderboard-desktop.png", fullPage: true });

  // An unlike takes the points back, and the history says so.
  await write(ana, "DELETE", `/api/posts/${post.id}/like`);
  await expect(history.getByText("like removed").first()).toBeVisible();

  await giorgi.emulateMedia({ colorScheme: "dark" });
  await giorgi.setViewportSize({ width: 390, height: 844 });
  await giorgi.screenshot({ path: "test-results/leaderboard-phone-dark.png", fullPage: true });
});

test("ban and unban: the member's open group chat closes live, joining is refused, and lifting the ban lets them back", async ({
  browser,
}) => {
  // A newcomer of their own, so that a run stopped halfway leaves no demo member banned.
  test.setTimeout(150_000);
  const stamp = `${Date.now()}`;
  const name = `Nika Banned${stamp}`;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, extraHTTPHeaders: ownAddress() });
  const member = await context.newPage();
  await registerAndVerify(member, {
    firstName: "Nika",
    lastName: `Banned${stamp}`,
    email: `ban-${stamp}@example.com`,
    password: PASSWORD,
  });

  const ana = await signIn(browser, "ana@example.com");
  const id = await communityId(ana);
  await write(member, "POST", `/api/communities/${id}/join`);
  const { conversation } = (await write(ana, "POST", `/api/communities/${id}/group-chats`, { name: `Ban drill ${stamp}` })) as {
    conversation: { id: string };
  };
  await write(member, "POST", `/api/conversations/${conversation.id}/join`);

  // The member has the group chat open, with their own room live (it says welcome when it is).
  const userRoomLive = new Promise<void>((resolve) =>
    member.on("websocket", (socket) => {
      if (socket.url().includes("/user-room/"))
        socket.on("framereceived", (frame) => String(frame.payload).includes('"welcome"') && resolve());
    }),
  );
  await member.goto(`/chat/${conversation.id}`);
  await expect(member.getByRole("textbox", { name: "Message" })).toBeVisible();
  await userRoomLive;

  // Ana bans them from the members page, with a reason, keeping their posts.
  await ana.goto("/members");
  await ana.getByRole("searchbox", { name: "Search members" }).fill(`Banned${stamp}`);
  await card(ana, name)
    .getByRole("button", { name: `More actions for ${name}` })
    .click();
  await ana.getByRole("menuitem", { name: "Ban" }).click();
  const dialog = ana.getByRole("dialog", { name: `Ban ${name}?` });
  await expect(dialog.getByText("They cannot join again until you lift the ban.")).toBeVisible();
  await expect(dialog.getByRole("radio", { name: "Keep their posts and comments" })).toBeChecked();
  await dialog.getByRole("textbox", { name: "Reason (optional)" }).fill("Spam in every topic");
  await ana.screenshot({ path: "test-results/members-ban-dialog.png" });
  await dialog.getByRole("button", { name: "Ban", exact: true }).click();
  await expect(ana.getByText(`${name} was banned from ${COMMUNITY}`)).toBeVisible();
  await expect(ana.getByRole("heading", { name })).toHaveCount(0);

  // Without a reload the member's chat closes: they are told and taken to their chats.
  await expect(member.getByText(`You no longer have access to ${COMMUNITY}`)).toBeVisible();
  await expect(member).toHaveURL(/\/messages$/);

  // Joining again is refused with the server's reason; the community's page offers no way in.
  const origin = new URL(member.url()).origin;
  const refused = await member.request.post(`/api/communities/${id}/join`, { headers: { origin } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    "You were banned from this community and cannot join it.",
  );
  await member.goto(`/communities/${id}`);
  await expect(member.getByRole("heading", { level: 1, name: COMMUNITY })).toBeVisible();
  await expect(member.getByRole("button", { name: "Join Community" })).toHaveCount(0);

  // Ana finds them on the banned list, with who banned them and why, and lifts the ban.
  await ana.goto("/settings?tab=banned");
  const banned = ana.getByRole("listitem").filter({ has: ana.getByRole("link", { name }) });
  await expect(banned.getByText(/by Ana Kapanadze$/)).toBeVisible();
  await expect(banned.getByText("Reason: Spam in every topic")).toBeVisible();
  await ana.screenshot({ path: "test-results/settings-banned.png", fullPage: true });
  await banned.getByRole("button", { name: `Unban ${name}` }).click();
  await ana
    .getByRole("dialog", { name: `Unban ${name}?` })
    .getByRole("button", { name: "Unban", exact: true })
    .click();
  await expect(ana.getByText(`${name} can join ${COMMUNITY} again`)).toBeVisible();
  await expect(banned).toHaveCount(0);

  // The member can join again, and leaves by themselves from the community's page.
  await member.reload();
  await member.getByRole("button", { name: "Join Community" }).click();
  await expect(member.getByText(`Welcome! You've successfully joined ${COMMUNITY}`)).toBeVisible();
  await member.goto(`/communities/${id}`);
  await member.emulateMedia({ colorScheme: "dark" });
  await member.getByRole("button", { name: "Leave community" }).click();
  const leave = member.getByRole("dialog", { name: `Leave ${COMMUNITY}?` });
  await expect(leave.getByText("Your access to its posts, classroom, events and group chats ends now.")).toBeVisible();
  await member.screenshot({ path: "test-results/community-leave-phone-dark.png" });
  await leave.getByRole("button", { name: "Leave", exact: true }).click();
  await expect(member).toHaveURL(/\/communities\/explore$/);
  await expect(member.getByText(`You left ${COMMUNITY}`)).toBeVisible();
});
