import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { fileURLToPath } from "node:url";
import { signInThroughForm } from "./accounts";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

// Messaging between two people in two browsers: Ana (owner of Tbilisi Startup Circle) opens her direct
// chat with Giorgi from /new-chat; they write live, reply, react, edit, delete, attach an image and see
// each other typing; Giorgi's unread badge rises and falls. Then Ana creates a group chat on /members,
// Giorgi joins it there and they talk in it.

const PASSWORD = "demo-pass-2026";
const COMMUNITY = "Tbilisi Startup Circle";
const IMAGE = fileURLToPath(new URL("../fixtures/post-image.png", import.meta.url));

// Sign-in is rate limited per address: each person signs in once for the whole file.
const sessions = new Map<string, Awaited<ReturnType<BrowserContext["storageState"]>>>();

test.beforeAll(async ({ browser }) => {
  for (const email of ["ana@example.com", "giorgi@example.com", "luka@example.com"]) {
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
  await page.getByRole("banner").locator('button[aria-haspopup="menu"]').first().click();
  await page.getByRole("menuitemradio", { name: COMMUNITY }).click();
  await expect(page.getByRole("heading", { level: 1, name: COMMUNITY })).toBeVisible();
  return page;
}

/** The message whose own text is `text` (a reply quoting it does not count). */
const bubble = (page: Page, text: string): Locator =>
  page
    .locator("li[data-message-id]")
    .filter({ has: page.locator("p").filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) }) });

async function openMessageMenu(page: Page, text: string) {
  await bubble(page, text).getByRole("button", { name: "Message actions" }).click();
}

async function send(page: Page, text: string) {
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(text);
  await box.press("Enter");
}

/** The unread number in the messages button's name ('Messages, 3 unread'), 0 without one. */
async function unreadMessages(page: Page): Promise<number> {
  const label = await page.getByRole("button", { name: /^Messages/ }).getAttribute("aria-label");
  return Number(label?.match(/(\d+) unread/)?.[1] ?? 0);
}

test("a direct chat travels live between two people", async ({ browser }) => {
  const stamp = `${Date.now()}`;
  const ana = await signIn(browser, "ana@example.com");
  const giorgi = await signIn(browser, "giorgi@example.com");

  // Ana finds Giorgi with the search on /new-chat; the existing chat between them opens.
  await ana.goto("/new-chat");
  await ana.getByRole("searchbox", { name: "Search people" }).fill("Giorgi");
  await ana.getByRole("button", { name: "Giorgi Maisuradze" }).click();
  await expect(ana).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const chatUrl = new URL(ana.url()).pathname;
  await expect(ana.getByRole("heading", { level: 1, name: "Giorgi Maisuradze" })).toBeVisible();

  await giorgi.goto(chatUrl);
  await expect(giorgi.getByRole("heading", { level: 1, name: "Ana Kapanadze" })).toBeVisible();
  // Each sees the other has the chat open.
  await expect(ana.getByRole("status").filter({ hasText: "In this chat" })).toBeVisible();
  await expect(giorgi.getByRole("status").filter({ hasText: "In this chat" })).toBeVisible();

  // Typing shows on the other side; Enter sends and the message arrives live.
  await ana.getByRole("textbox", { name: "Message" }).pressSequentially("Hello");
  await expect(giorgi.getByText("Ana Kapanadze is typing…")).toBeVisible();
  await ana.getByRole("textbox", { name: "Message" }).fill("");
  const hello = `Hello Giorgi ${stamp}`;
  await send(ana, hello);
  await expect(bubble(giorgi, hello)).toBeVisible();
  await expect(giorgi.getByText("Ana Kapanadze is typing…")).toBeHidden();
  // Giorgi has it open, so Ana's last message reads "Seen".
  await expect(bubble(ana, hello).getByText("Seen")).toBeVisible();

  // Giorgi replies by keyboard through the message menu: the quote travels with the answer.
  await openMessageMenu(giorgi, hello);
  await giorgi.getByRole("menuitem", { name: "Reply" }).click();
  await expect(giorgi.getByText("Replying to Ana Kapanadze")).toBeVisible();
  const reply = `Hi Ana ${stamp}`;
  await send(giorgi, reply);
  const replied = bubble(ana, reply);
  await expect(replied).toBeVisible();
  await expect(replied.locator("blockquote")).toContainText(hello);

  // Ana reacts with a heart; Giorgi sees the count and who reacted.
  await openMessageMenu(ana, reply);
  await ana.getByRole("menuitem", { name: "React" }).click();
  await ana.getByRole("toolbar", { name: "Choose a reaction" }).getByRole("button", { name: "Heart" }).click();
  await expect(bubble(giorgi, reply).getByRole("button", { name: "❤️ 1 reaction: Ana Kapanadze" })).toBeVisible();
  await expect(bubble(ana, reply).getByRole("button", { name: /❤️ 1 reaction/ })).toHaveAttribute("aria-pressed", "true");

  // Ana edits her message; Giorgi sees the new text marked '(edited)'.
  await openMessageMenu(ana, hello);
  await ana.getByRole("menuitem", { name: "Edit" }).click();
  const edited = `Hello again Giorgi ${stamp}`;
  await ana.getByRole("textbox", { name: "Edit message" }).fill(edited);
  await ana.getByRole("textbox", { name: "Edit message" }).press("Enter");
  await expect(bubble(giorgi, edited).getByText("(edited)")).toBeVisible();

  // An image goes up with the upload pipeline and arrives as an image.
  await ana.getByTestId("chat-image-input").setInputFiles(IMAGE);
  await expect(ana.getByRole("button", { name: "Remove the image" })).toBeVisible();
  await ana.getByRole("button", { name: "Send message" }).click();
  await expect(giorgi.getByRole("img", { name: "Image sent by Ana Kapanadze" }).last()).toBeVisible();

  // Ana deletes her edited message after the spec's confirmation; it stays in place as deleted.
  await openMessageMenu(ana, edited);
  await ana.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = ana.getByRole("dialog", { name: "Delete Message" });
  await expect(confirm.getByText("Are you sure you want to delete this message? This action cannot be undone.")).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(ana.getByText("Message deleted successfully")).toBeVisible();
  await expect(giorgi.getByText(edited)).toBeHidden();
  await expect(giorgi.getByText("This message was deleted").first()).toBeVisible();

  // Away from the chat, Giorgi's badge rises with Ana's next message and falls when he reads it.
  await giorgi.goto("/messages");
  await expect(giorgi.getByRole("link", { name: /Ana Kapanadze/ })).toBeVisible();
  // Ana sees him leave the chat: only then does her next message find him away.
  await expect(ana.getByRole("status").filter({ hasText: "In this chat" })).toBeHidden();
  // Other conversations may hold unread messages of their own: only this chat's part is counted.
  await expect(giorgi.getByRole("link", { name: /Ana Kapanadze/ })).not.toContainText("unread");
  const before = await unreadMessages(giorgi);
  const later = `Are you there? ${stamp}`;
  await send(ana, later);
  await expect.poll(() => unreadMessages(giorgi)).toBe(before + 1);
  await expect(giorgi.getByRole("link", { name: /Ana Kapanadze/ })).toContainText(later);
  await giorgi.getByRole("link", { name: /Ana Kapanadze/ }).click();
  await expect(bubble(giorgi, later)).toBeVisible();
  await expect.poll(() => unreadMessages(giorgi)).toBe(before);
});

test("a group chat is created on /members, joined there, talked in, renamed by the owner and left", async ({ browser }) => {
  const stamp = `${Date.now()}`;
  const name = `Founders ${stamp}`;
  const ana = await signIn(browser, "ana@example.com");
  const giorgi = await signIn(browser, "giorgi@example.com");

  await ana.goto("/members");
  const anaGroups = ana.getByRole("region", { name: "Group chats" });
  await anaGroups.getByRole("button", { name: "Create group" }).click();
  const dialog = ana.getByRole("dialog", { name: "Create a group chat" });
  await dialog.getByLabel("Group name").fill(name);
  await dialog.getByRole("button", { name: "Create group" }).click();
  await expect(ana.getByText(`Group chat “${name}” created`)).toBeVisible();
  await anaGroups.getByRole("link", { name: `Open ${name}` }).click();
  await expect(ana.getByRole("heading", { level: 1, name })).toBeVisible();

  await giorgi.goto("/members");
  const giorgiGroups = giorgi.getByRole("region", { name: "Group chats" });
  // Members only: Giorgi (not an admin) is not offered group creation.
  await expect(giorgiGroups.getByRole("button", { name: "Create group" })).toBeHidden();
  await giorgiGroups.getByRole("button", { name: `Join ${name}` }).click();
  await expect(giorgi.getByText(`You joined “${name}”`)).toBeVisible();
  await giorgiGroups.getByRole("link", { name: `Open ${name}` }).click();
  await expect(giorgi.getByRole("heading", { level: 1, name })).toBeVisible();

  const line = `Welcome to the group ${stamp}`;
  await send(ana, line);
  await expect(bubble(giorgi, line)).toBeVisible();
  await expect(bubble(giorgi, line).getByText("Ana Kapanadze").first()).toBeVisible();

  // Ana (the community's owner) renames the group; Giorgi leaves it and is back on his list.
  const renamed = `${name} team`;
  await ana.getByRole("button", { name: "Group actions" }).click();
  await ana.getByRole("menuitem", { name: "Rename" }).click();
  const rename = ana.getByRole("dialog", { name: "Rename group chat" });
  await rename.getByLabel("Group name").fill(renamed);
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(ana.getByText("Group chat renamed")).toBeVisible();
  await expect(ana.getByRole("heading", { level: 1, name: renamed })).toBeVisible();

  await giorgi.getByRole("button", { name: "Group actions" }).click();
  await expect(giorgi.getByRole("menuitem", { name: "Rename" })).toBeHidden();
  await giorgi.getByRole("menuitem", { name: "Leave" }).click();
  await giorgi.getByRole("dialog", { name: "Leave group chat" }).getByRole("button", { name: "Leave" }).click();
  await expect(giorgi).toHaveURL(/\/messages$/);
  await expect(giorgi.getByText(/^You left “/)).toBeVisible();
});

test("the Message button on /members opens the direct chat, and a third person joins a group's conversation", async ({
  browser,
}) => {
  // Three signed-in browsers and a dozen page loads: on a busy two-core machine this took more than the
  // default minute in one CI run (each step in time, the whole too long), so it gets three.
  test.slow();
  const ana = await signIn(browser, "ana@example.com");
  const giorgi = await signIn(browser, "giorgi@example.com");
  const luka = await signIn(browser, "luka@example.com");

  // From a member card straight into the one direct chat of the pair.
  await ana.goto("/members");
  await ana.getByRole("searchbox").fill("Giorgi");
  await ana.getByRole("link", { name: "Message Giorgi Maisuradze" }).click();
  await expect(ana).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(ana.getByRole("heading", { level: 1, name: "Giorgi Maisuradze" })).toBeVisible();
  const direct = ana.url();
  await ana.goto("/members");
  await ana.getByRole("searchbox").fill("Giorgi");
  await ana.getByRole("link", { name: "Message Giorgi Maisuradze" }).click();
  await expect(ana).toHaveURL(direct);

  // Three people in one group: each line reaches the other two live.
  const stamp = `${Date.now()}`;
  const name = `Trio ${stamp}`;
  await ana.goto("/members");
  const anaGroups = ana.getByRole("region", { name: "Group chats" });
  await anaGroups.getByRole("button", { name: "Create group" }).click();
  const dialog = ana.getByRole("dialog", { name: "Create a group chat" });
  await dialog.getByLabel("Group name").fill(name);
  await dialog.getByRole("button", { name: "Create group" }).click();
  await anaGroups.getByRole("link", { name: `Open ${name}` }).click();
  for (const page of [giorgi, luka]) {
    await page.goto("/members");
    const groups = page.getByRole("region", { name: "Group chats" });
    await groups.getByRole("button", { name: `Join ${name}` }).click();
    await groups.getByRole("link", { name: `Open ${name}` }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  }
  const fromLuka = `Hello from Luka ${stamp}`;
  await send(luka, fromLuka);
  await expect(bubble(ana, fromLuka)).toBeVisible();
  await expect(bubble(giorgi, fromLuka)).toBeVisible();
  const fromGiorgi = `And from Giorgi ${stamp}`;
  await send(giorgi, fromGiorgi);
  await expect(bubble(ana, fromGiorgi)).toBeVisible();
  await expect(bubble(luka, fromGiorgi)).toBeVisible();
});

test("a blocked person cannot write in the direct chat; the history stays", async ({ browser, baseURL }) => {
  const ana = await signIn(browser, "ana@example.com");
  const giorgi = await signIn(browser, "giorgi@example.com");
  const anaId = ((await (await ana.request.get("/api/me")).json()) as { user: { id: string } }).user.id;
  const { items } = (await (await ana.request.get("/api/conversations")).json()) as {
    items: { id: string; type: string; title: string | null }[];
  };
  const chat = items.find((c) => c.type === "direct" && c.title === "Giorgi Maisuradze")!;

  // Ana has the chat open when Giorgi blocks her: it closes on her screen at once. The room tells her
  // socket before closing it; the runtime's own close frame came about 10 s later, longer than this wait.
  await ana.goto(`/chat/${chat.id}`);
  await expect(ana.getByRole("textbox", { name: "Message" })).toBeVisible();
  const block = await giorgi.request.put(`/api/users/${anaId}/block`, { headers: { origin: baseURL! } });
  expect(block.ok()).toBe(true);
  try {
    await expect(ana.getByText("You can no longer send messages in this conversation.")).toBeVisible({ timeout: 6000 });
    await ana.reload();
    await expect(ana.getByText("You can no longer send messages in this conversation.")).toBeVisible();
    await expect(ana.getByRole("textbox", { name: "Message" })).toBeHidden();
    await expect(ana.locator("li[data-message-id]").first()).toBeVisible();
  } finally {
    await giorgi.request.delete(`/api/users/${anaId}/block`, { headers: { origin: baseURL! } });
  }
  await ana.reload();
  await expect(ana.getByRole("textbox", { name: "Message" })).toBeVisible();
});

test("scrolling up loads the older page above without moving what the reader was looking at", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const ana = await signIn(browser, "ana@example.com");
  const communityId = (
    (await (await ana.request.get("/api/me/communities")).json()) as {
      communities: { id: string; name: string }[];
    }
  ).communities.find((c) => c.name === COMMUNITY)!.id;
  const headers = { origin: baseURL! };
  const created = await ana.request.post(`/api/communities/${communityId}/group-chats`, {
    headers,
    data: { name: `History ${Date.now()}` },
  });
  const { conversation } = (await created.json()) as { conversation: { id: string } };
  // One more than a page; sending is rate limited, so a refusal waits as long as it is told to.
  for (let i = 1; i <= 55;) {
    const res = await ana.request.post(`/api/conversations/${conversation.id}/messages`, {
      headers,
      data: { id: crypto.randomUUID(), content: `Line ${i}` },
    });
    if (res.status() === 429) {
      await ana.waitForTimeout(Number(res.headers()["retry-after"] ?? 1) * 1000);
      continue;
    }
    expect(res.status()).toBe(201);
    i += 1;
  }

  await ana.goto(`/chat/${conversation.id}`);
  await expect(bubble(ana, "Line 55")).toBeVisible();
  await expect(bubble(ana, "Line 5")).toHaveCount(0);
  const log = ana.getByRole("region", { name: /^Messages with/ });
  const line6 = bubble(ana, "Line 6");
  await line6.scrollIntoViewIfNeeded();
  const before = (await line6.boundingBox())!.y;
  await log.evaluate((el) => el.scrollBy(0, -1));
  await expect(bubble(ana, "Line 1")).toBeAttached();
  await expect(ana.getByRole("button", { name: "Load older messages" })).toHaveCount(0);
  const after = (await line6.boundingBox())!.y;
  expect(Math.abs(after - before)).toBeLessThan(4);
});

// axe over the messaging screens in English (light, desktop) and Georgian (dark, phone): no serious or
// critical violation. axe is injected as a script, which the app's CSP refuses, hence bypassCSP.
for (const mode of [
  { language: "en", theme: "light", viewport: { width: 1280, height: 900 } },
  { language: "ka", theme: "dark", viewport: { width: 390, height: 844 } },
] as const) {
  test(`no serious axe violation on the messaging screens, ${mode.language} ${mode.theme}`, async ({ browser }) => {
    // Five screens, each a full axe run on a shared machine.
    test.setTimeout(150_000);
    const context = await browser.newContext({
      bypassCSP: true,
      viewport: mode.viewport,
      colorScheme: mode.theme,
      storageState: sessions.get("ana@example.com"),
    });
    const page = await context.newPage();
    const { communities } = (await (await page.request.get("/api/me/communities")).json()) as {
      communities: { id: string; name: string }[];
    };
    const circle = communities.find((c) => c.name === COMMUNITY)!;
    await context.addInitScript(
      ([language, theme, community]) => {
        localStorage.setItem("language", language!);
        localStorage.setItem("theme", theme!);
        localStorage.setItem("currentCommunityId", community!);
      },
      [mode.language, mode.theme, circle.id],
    );
    const { items } = (await (await page.request.get("/api/conversations")).json()) as { items: { id: string; type: string }[] };
    const direct = items.find((c) => c.type === "direct")!;
    const group = items.find((c) => c.type === "group")!;

    const found: string[] = [];
    const check = async (path: string, ready: Locator | ((p: Page) => Locator)) => {
      await page.goto(path);
      await expect(typeof ready === "function" ? ready(page) : ready).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).analyze();
      found.push(
        ...violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${path}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      );
    };
    await check("/messages", (p) => p.locator("a[href^='/chat/']").first());
    await check("/new-chat", (p) => p.getByRole("searchbox"));
    await check(`/chat/${direct.id}`, (p) => p.locator("li[data-message-id]").first());
    await check(`/chat/${group.id}`, (p) => p.locator("li[data-message-id]").first());
    await check("/members", (p) => p.locator("section h2").first());
    expect(found).toEqual([]);
    await context.close();
  });
}
