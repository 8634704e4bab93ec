import { expect, test } from "@playwright/test";
import ka from "../../web/features/notifications/i18n/ka.json" with { type: "json" };

// Georgian and Russian all the way. Chromium ships no Georgian data for Intl, so there the app writes
// Georgian dates from its own CLDR names; a person who signs up in Russian gets a Russian verification mail.

const KA_MONTHS = [
  "იანვარი",
  "თებერვალი",
  "მარტი",
  "აპრილი",
  "მაისი",
  "ივნისი",
  "ივლისი",
  "აგვისტო",
  "სექტემბერი",
  "ოქტომბერი",
  "ნოემბერი",
  "დეკემბერი",
];
const KA_MONTHS_SHORT = ["იან", "თებ", "მარ", "აპრ", "მაი", "ივნ", "ივლ", "აგვ", "სექ", "ოქტ", "ნოე", "დეკ"];
/** '22 ნოე' in this year, '22 ნოე. 2025' in another: the notifications' dates past a week. */
const KA_SHORT_DATE = new RegExp(`^\\d{1,2} (${KA_MONTHS_SHORT.join("|")})(\\. \\d{4})?$`);
/** '22 ნოემბერი, 2026': the community's creation date. */
const KA_LONG_DATE = new RegExp(`^\\d{1,2} (${KA_MONTHS.join("|")}), \\d{4}$`);

test("with Georgian chosen, notifications and community stats show Georgian months in Chromium", async ({ page }) => {
  await page.goto("/auth/login");
  // The condition this journey is about: this browser's Intl cannot write Georgian.
  expect(await page.evaluate(() => Intl.DateTimeFormat.supportedLocalesOf(["ka"]))).toEqual([]);

  // Chosen before signing in, the language stays on this device: Ana's account (and her e-mails) keep theirs.
  await page.getByRole("button", { name: "Language and theme" }).click();
  await page.getByRole("menuitemradio", { name: "ქართული" }).click();
  // The server answers in the language shown: a failed sign-in's reason is Georgian, not English.
  await page.getByLabel("ელფოსტა").fill("nobody-here@example.com");
  await page.getByLabel("პაროლი", { exact: true }).fill("not-the-password-1");
  await page.getByRole("button", { name: "შესვლა", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "ელფოსტა ან პაროლი არასწორია" })).toBeVisible();
  await expect(page.getByText("Invalid email or password")).toBeHidden();
  await page.getByLabel("ელფოსტა").fill("ana@example.com");
  await page.getByLabel("პაროლი", { exact: true }).fill("demo-pass-2026");
  await page.getByRole("button", { name: "შესვლა", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  // Ana's community was approved a month ago: a staff decision, written from its data in Georgian,
  // dated with a Georgian month.
  await page.goto("/notifications");
  await expect(page.getByRole("heading", { level: 1, name: "შეტყობინებები" })).toBeVisible();
  const approved = page.getByRole("link").filter({ hasText: "თქვენი საზოგადოება Caucasus Trail Runners დამტკიცდა" });
  // Newer notifications (from other journeys on the same server) may push it to a later page.
  const loadMore = page.getByRole("button", { name: ka.loadMore });
  for (let pages = 0; pages < 20 && (await approved.count()) === 0 && (await loadMore.isVisible()); pages++) {
    await loadMore.click();
    await expect(page.getByRole("button", { name: ka.loadingMore })).toHaveCount(0);
  }
  await expect(approved).toBeVisible();
  await expect(approved.getByText(KA_SHORT_DATE)).toBeVisible();
  await expect(page.getByText(/approved|liked your|joined/)).toHaveCount(0);

  const { communities } = (await (await page.request.get("/api/me/communities")).json()) as {
    communities: { id: string; name: string }[];
  };
  const circle = communities.find((c) => c.name === "Tbilisi Startup Circle")!;
  await page.goto(`/communities/${circle.id}`);
  const stats = page.getByRole("region", { name: "საზოგადოების სტატისტიკა" });
  await expect(stats).toBeVisible();
  await expect(stats.getByRole("definition").filter({ hasText: KA_LONG_DATE })).toBeVisible();
  await expect(
    stats.getByText(/January|February|March|April|May|June|July|August|September|October|November|December/),
  ).toHaveCount(0);
});

test("a new account registered in Russian gets its verification e-mail in Russian", async ({ page }) => {
  const email = `vera-${Date.now()}@example.com`;
  await page.goto("/auth/register");
  await page.getByRole("button", { name: "Language and theme" }).click();
  await page.getByRole("menuitemradio", { name: "Русский" }).click();
  await expect(page.getByRole("heading", { name: "Создайте аккаунт" })).toBeVisible();

  await page.getByLabel("Имя").fill("Вера");
  await page.getByLabel("Фамилия").fill("Иванова");
  await page.getByLabel("Электронная почта").fill(email);
  await page.getByLabel("Пароль", { exact: true }).fill("volga-river-42");
  await page.getByLabel("Подтвердите пароль", { exact: true }).fill("volga-river-42");
  await page.getByLabel(/Я принимаю Условия/).check();
  await page.getByRole("button", { name: "Создать аккаунт" }).click();
  await expect(page.getByText("Регистрация прошла успешно!")).toBeVisible();

  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  const mail = page.getByRole("article");
  await expect(mail).toHaveCount(1);
  await expect(mail.getByRole("strong")).toHaveText("Подтвердите адрес электронной почты");
  await expect(mail.getByText(/Здравствуйте, Вера Иванова! Добро пожаловать в Agora!/)).toBeVisible();
  await expect(mail.getByText(/Verify|Welcome/)).toHaveCount(0);

  // The link in it works: it signs Vera in, and the profile wizard speaks Russian.
  await mail.getByRole("link", { name: /verify-email/ }).click();
  await expect(page).toHaveURL(/\/auth\/complete-profile/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
});
