import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { signInThroughForm } from "./accounts";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

/**
 * Help and support: a member sends a ticket from /support, staff answer it from /admin/tickets, the
 * answer reaches the member by e-mail (the development inbox) and on their page. Then axe over both
 * screens in the light and the dark theme.
 */

// The machine these run on is shared; axe and two signed-in browsers take longer than the default minute.
test.describe.configure({ timeout: 240_000 });

const MEMBER = "tamar@example.com";
const STAFF = "staff@example.com";

async function signedIn(browser: Browser, email: string, opts: { theme?: "light" | "dark"; bypassCSP?: boolean } = {}) {
  const context = await browser.newContext({
    bypassCSP: opts.bypassCSP ?? false,
    colorScheme: opts.theme ?? "light",
    extraHTTPHeaders: ownAddress(),
  });
  await context.addInitScript(
    ([theme]) => {
      localStorage.setItem("language", "en");
      localStorage.setItem("theme", theme!);
    },
    [opts.theme ?? "light"],
  );
  const page = await context.newPage();
  await signInThroughForm(page, email);
  return page;
}

test("a member sends a ticket, staff reply from the queue, the member reads the reply and gets it by e-mail", async ({
  browser,
}) => {
  const subject = `Invoice question ${Date.now()}`;
  const answer = `We sent the invoice to your address (${Date.now()}).`;

  const member = await signedIn(browser, MEMBER);
  await member.goto("/support");
  await expect(member.getByRole("heading", { name: "Help and Support", level: 1 })).toBeVisible();
  await expect(member.getByRole("heading", { name: "Still need help?" })).toBeVisible();

  await member.getByRole("tab", { name: "FAQ" }).click();
  await member.getByText("How do I reset my password?").click();
  await expect(member.getByText(/expires in 1 hour/)).toBeVisible();

  await member.getByRole("tab", { name: "Contact" }).click();
  // The dev server's stand-ins for the configured contact details (vite.config.ts).
  await expect(member.getByRole("link", { name: "support@agora.localhost" }).first()).toHaveAttribute(
    "href",
    "mailto:support@agora.localhost",
  );
  await expect(member.getByRole("link", { name: "+995 32 200 00 00" }).first()).toHaveAttribute("href", "tel:+995322000000");
  await expect(member.getByText("Monday to Friday 9:00 AM to 6:00 PM (GMT+4)")).toBeVisible();

  await member.getByRole("button", { name: "Open a ticket" }).click();
  const dialog = member.getByRole("dialog", { name: "Submit a support ticket" });
  await dialog.getByRole("button", { name: "Submit ticket" }).click();
  await expect(dialog.getByText("Subject is required")).toBeVisible();
  await expect(dialog.getByText("Message is required")).toBeVisible();
  await dialog.getByLabel("Subject").fill(subject);
  await dialog.getByLabel("Category").selectOption("billing");
  await dialog.getByLabel("Message").fill("Could I get an invoice for my last payment?");
  await dialog.getByRole("button", { name: "Submit ticket" }).click();
  await expect(member.getByText("Support ticket submitted successfully. We'll get back to you soon!")).toBeVisible();
  await expect(member.getByRole("button", { name: new RegExp(subject) })).toBeVisible();

  const staff = await signedIn(browser, STAFF);
  await staff.goto("/admin/tickets");
  await expect(staff.getByRole("heading", { name: "Support Tickets", level: 1 })).toBeVisible();
  await staff.getByRole("button", { name: new RegExp(subject) }).click();
  const thread = staff.getByRole("dialog", { name: subject });
  await expect(thread.getByText("Could I get an invoice for my last payment?")).toBeVisible();
  await thread.getByLabel("Your reply").fill(answer);
  await thread.getByRole("button", { name: "Send reply" }).click();
  await expect(staff.getByText("Reply sent to the member")).toBeVisible();
  await expect(thread.getByText(answer)).toBeVisible();

  // The e-mail, in the development inbox.
  await expect(async () => {
    await staff.goto(`/dev/mail?to=${encodeURIComponent(MEMBER)}`);
    await expect(staff.getByText(answer).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(staff.getByText("New reply to your support ticket").first()).toBeVisible();

  // The member sees the answer on their page.
  await member.goto("/support?tab=contact");
  await member.getByRole("button", { name: new RegExp(subject) }).click();
  const mine = member.getByRole("dialog", { name: subject });
  await expect(mine.getByText(answer)).toBeVisible();
  await expect(mine.getByText("Support team")).toBeVisible();
  await expect(mine.getByText("Answered")).toBeVisible();

  await member.context().close();
  await staff.context().close();
});

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${page.url()}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

for (const theme of ["light", "dark"] as const) {
  test(`no serious axe violation on /support and /admin/tickets, ${theme}`, async ({ browser }) => {
    const found: string[] = [];
    const member = await signedIn(browser, MEMBER, { theme, bypassCSP: true });
    await member.goto("/support");
    await expect(member.getByRole("heading", { name: "Still need help?" })).toBeVisible();
    found.push(...(await seriousViolations(member)));
    await member.getByRole("tab", { name: "FAQ" }).click();
    await member.getByText("How do I delete my account?").click();
    found.push(...(await seriousViolations(member)));
    await member.getByRole("tab", { name: "Contact" }).click();
    await expect(member.getByRole("heading", { name: "My tickets" })).toBeVisible();
    await expect(
      member.locator(
        "section[aria-labelledby='my-tickets-title'] [aria-busy], section[aria-labelledby='my-tickets-title'] svg.animate-spin",
      ),
    ).toHaveCount(0);
    found.push(...(await seriousViolations(member)));
    await member.getByRole("button", { name: "Open a ticket" }).click();
    await expect(member.getByRole("dialog", { name: "Submit a support ticket" })).toBeVisible();
    found.push(...(await seriousViolations(member)));

    const staff = await signedIn(browser, STAFF, { theme, bypassCSP: true });
    await staff.goto("/admin/tickets");
    const firstTicket = staff.getByRole("main").getByRole("listitem").getByRole("button").first();
    await expect(firstTicket).toBeVisible({ timeout: 30_000 });
    found.push(...(await seriousViolations(staff)));
    await firstTicket.click();
    await expect(staff.getByLabel("Your reply").or(staff.getByText("This ticket is closed. Reopen it to reply."))).toBeVisible();
    found.push(...(await seriousViolations(staff)));

    expect(found).toEqual([]);
    await member.context().close();
    await staff.context().close();
  });
}
