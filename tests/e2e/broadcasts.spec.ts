import { expect, test, type Browser, type Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

const PASSWORD = "demo-pass-2026";

async function signedIn(
  browser: Browser,
  baseURL: string,
  email: string,
  language: string,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ bypassCSP: true, viewport, extraHTTPHeaders: ownAddress() });
  await context.addInitScript((lang) => {
    localStorage.setItem("language", lang);
    if (!localStorage.getItem("theme")) localStorage.setItem("theme", "light");
  }, language);
  const page = await context.newPage();
  await page.goto("/auth/login");
  const res = await page.request.post(`${baseURL}/api/auth/sign-in/email`, {
    data: { email, password: PASSWORD },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(200);
  return page;
}

type Mine = { communities: { id: string; name: string; canManage: boolean }[] };

/**
 * The owner writes to her members from the community's settings: sees whom it reaches and the 72-hour
 * limit, previews the mail in Russian, sends it; the cron sends it, the history shows the counts, and a
 * member who reads in Russian finds it in the dev inbox with its frame in Russian and in his
 * notifications. axe finds nothing serious on the tab in either theme.
 */
test("the owner e-mails her members; a member reading in Russian gets it in Russian", async ({ browser, baseURL }) => {
  const owner = await signedIn(browser, baseURL!, "ana@example.com", "en", { width: 1280, height: 900 });
  const member = await signedIn(browser, baseURL!, "giorgi@example.com", "ru", { width: 390, height: 844 });
  // Giorgi reads Russian for this journey only: his account's language is put back after it, whatever
  // happens, since the journeys after this one sign him in and read his screens in English.
  const setLanguage = async (language: string) =>
    expect(
      (await member.request.patch("/api/me/preferences", { data: { language }, headers: { origin: baseURL! } })).status(),
    ).toBe(200);
  const before = ((await (await member.request.get("/api/me")).json()) as { user: { language: string } }).user.language;
  await setLanguage("ru");
  try {
    await journey(owner, member);
  } finally {
    await setLanguage(before);
  }
});

async function journey(owner: Page, member: Page) {
  // A community of Ana's that Giorgi is in and that has not sent a broadcast in the last 72 hours.
  const hers = ((await (await owner.request.get("/api/me/communities")).json()) as Mine).communities.filter((c) => c.canManage);
  const his = new Set(((await (await member.request.get("/api/me/communities")).json()) as Mine).communities.map((c) => c.id));
  let community: { id: string; name: string } | undefined;
  for (const c of hers.filter((c) => his.has(c.id))) {
    const list = (await (await owner.request.get(`/api/communities/${c.id}/broadcasts`)).json()) as {
      nextAllowedAt: number | null;
    };
    if (list.nextAllowedAt === null) {
      community = c;
      break;
    }
  }
  expect(community, "a community of Ana's with Giorgi in it, free to broadcast").toBeDefined();

  // Opening the community's feed makes it the current one, whose settings the settings page shows.
  await owner.goto(`/?id=${community!.id}`);
  await expect(owner.getByRole("article").first()).toBeVisible();
  await owner.goto("/settings?tab=broadcasts");
  await expect(owner.getByRole("tab", { name: "Broadcasts", selected: true })).toBeVisible();
  await expect(owner.getByText(/^One broadcast every 72 hours/)).toBeVisible();
  expect(await seriousViolations(owner)).toEqual([]);

  // Whom it reaches, per segment.
  await expect(owner.getByText(/^Reaches \d+ members?$/)).toBeVisible();
  const everyone = Number((await owner.getByText(/^Reaches \d+ members?$/).textContent())!.match(/\d+/)![0]);
  expect(everyone).toBeGreaterThan(1);
  await owner.getByLabel("Send to").selectOption({ label: "Members at a level and above" });
  await expect(owner.getByLabel("Lowest level")).toBeVisible();
  await owner.getByLabel("Send to").selectOption({ label: "All members" });
  await expect(owner.getByText(`Reaches ${everyone} members`)).toBeVisible();

  // Sending without a subject: told beside the field, nothing sent.
  await owner.getByRole("button", { name: "Send" }).click();
  await expect(owner.getByText("Subject is required")).toBeVisible();
  await expect(owner.getByRole("dialog")).toBeHidden();

  const subject = `Saturday meetup ${Date.now()}`;
  await owner.getByRole("textbox", { name: "Subject" }).fill(subject);
  await owner
    .getByRole("textbox", { name: "Message" })
    .fill("Hello everyone!\n\nWe meet on Saturday at 11. Details: https://example.com/meetup");

  // The preview: the mail as the server writes it, in the language chosen.
  await owner.getByRole("button", { name: "Preview" }).click();
  const preview = owner.getByRole("dialog", { name: "Email preview" });
  await expect(preview.getByText(subject)).toBeVisible();
  const frame = owner.frameLocator('iframe[title="The email as members will see it"]');
  await expect(frame.getByText("wrote to the members of")).toBeVisible();
  await preview.getByLabel("Language of the email").selectOption("ru");
  await expect(frame.getByText("пишет участникам сообщества")).toBeVisible();
  await owner.keyboard.press("Escape");
  await expect(preview).toBeHidden();

  await owner.getByRole("button", { name: "Send" }).click();
  const confirm = owner.getByRole("dialog", { name: `Send to ${everyone} members?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Send" }).click();
  await expect(owner.getByText("Broadcast queued: it is on its way")).toBeVisible();
  const item = owner.getByRole("listitem").filter({ has: owner.getByRole("heading", { name: subject }) });
  await expect(item.getByText("Queued")).toBeVisible();
  await expect(item.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
  // The limit now says when the next may go, and Send waits for it.
  await expect(owner.getByText(/^You can send the next broadcast after/)).toBeVisible();
  await expect(owner.getByRole("button", { name: "Send" })).toBeDisabled();

  // The cron's run, as the local runtime offers it, sends it; the history follows without a reload.
  await owner.request.get("/cdn-cgi/local/scheduled?cron=*/15+*+*+*+*");
  await expect(item.getByText("Sent", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(item.getByText(/^Sent \d+ · Skipped by preference \d+ · Failed 0$/)).toBeVisible();
  await owner.screenshot({ path: "test-results/broadcasts-light.png", fullPage: true });

  // Dark theme: axe is as content.
  await owner.evaluate(() => localStorage.setItem("theme", "dark"));
  await owner.reload();
  await expect(owner.getByRole("tab", { name: "Broadcasts", selected: true })).toBeVisible();
  await expect(item).toBeVisible();
  expect(await seriousViolations(owner)).toEqual([]);
  await owner.screenshot({ path: "test-results/broadcasts-dark.png", fullPage: true });

  // Giorgi reads Russian: the mail's frame is in Russian, with its one-click unsubscribe.
  await member.goto(`/dev/mail?to=${encodeURIComponent("giorgi@example.com")}`);
  const mail = member.getByRole("article").filter({ hasText: subject });
  await expect(mail).toBeVisible();
  await expect(mail.getByText(/пишет участникам сообщества/)).toBeVisible();
  await expect(mail.getByText(/Отписаться от писем/)).toBeVisible();

  // And the copy in his notifications, in the Russian app.
  await member.goto("/notifications");
  await expect(member.getByText(subject)).toBeVisible();
  await member.screenshot({ path: "test-results/broadcasts-member-ru.png", fullPage: true });
}
