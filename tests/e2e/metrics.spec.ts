import { expect, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { readFile } from "node:fs/promises";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

/**
 * The owner reads their community's metrics in Georgian in the dark theme: switches periods, reads a
 * chart as a table, downloads the CSV; axe finds nothing serious in either theme.
 */
test("the owner reads the community's metrics, as charts, a table and a CSV", async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    bypassCSP: true,
    viewport: { width: 390, height: 844 },
    colorScheme: "dark",
    extraHTTPHeaders: ownAddress(),
    acceptDownloads: true,
  });
  await context.addInitScript(() => {
    localStorage.setItem("language", "ka");
    if (!localStorage.getItem("theme")) localStorage.setItem("theme", "dark");
  });
  const page = await context.newPage();
  await page.goto("/auth/login");
  const res = await page.request.post(`${baseURL}/api/auth/sign-in/email`, {
    data: { email: "ana@example.com", password: "demo-pass-2026" },
    headers: { origin: baseURL! },
  });
  expect(res.status()).toBe(200);
  // The cron's run, as the local runtime offers it; the page works from its rollups.
  await page.request.get("/cdn-cgi/local/scheduled?cron=*/15+*+*+*+*").catch(() => null);

  const { communities } = (await (await page.request.get("/api/me/communities")).json()) as {
    communities: { id: string; name: string }[];
  };
  const circle = communities.find((c) => c.name === "Tbilisi Startup Circle")!;
  // Opening the community's feed makes it the current one, whose settings the settings page shows.
  await page.goto(`/?id=${circle.id}`);
  await expect(page.getByRole("article").first()).toBeVisible();
  await page.goto("/settings?tab=metrics");
  await expect(page.getByRole("tab", { name: "მეტრიკები", selected: true })).toBeVisible();
  const periods = page.getByRole("group", { name: "პერიოდი" });
  await expect(periods.getByRole("button", { name: "30 დღე", pressed: true })).toBeVisible();
  await expect(page.getByText("წევრები დროის მიხედვით")).toBeVisible();

  const reply = page.waitForResponse((r) => r.url().includes("/metrics?days=7") && r.status() === 200);
  await periods.getByRole("button", { name: "7 დღე" }).click();
  await reply;
  await expect(periods.getByRole("button", { name: "7 დღე", pressed: true })).toBeVisible();

  // The members chart as a table: a row per day of the week.
  const chart = page.getByRole("figure").filter({ hasText: "წევრები დროის მიხედვით" });
  await chart.getByRole("button", { name: "ცხრილად ჩვენება" }).click();
  const table = chart.getByRole("table", { name: "წევრები დროის მიხედვით" });
  await expect(table.getByRole("row")).toHaveCount(8);
  await expect(table.getByRole("columnheader", { name: "თარიღი" })).toBeVisible();
  await page.screenshot({ path: "test-results/metrics-dark.png", fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "ცხრილის ჩამოტვირთვა" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^metrics-.+-7d\.csv$/);
  const csv = (await readFile((await file.path())!, "utf8")).trim().split("\n");
  expect(csv[0]).toMatch(/^date,joins,leaves,members,/);
  expect(csv).toHaveLength(8);

  // The light theme: the charts redraw in its colours, and axe is as content.
  await page.evaluate(() => localStorage.setItem("theme", "light"));
  await page.reload();
  await expect(page.getByText("წევრები დროის მიხედვით")).toBeVisible();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await page.screenshot({ path: "test-results/metrics-light.png", fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});
