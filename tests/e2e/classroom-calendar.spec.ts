import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { signInThroughForm } from "./accounts";
import { ownAddress } from "./client-address";
import { closeContexts } from "./close-contexts";

test.afterEach(closeContexts);

// The classroom and the calendar across people: Ana (owner of Frontend Craft Academy, on the Starter
// plan: courses are part of Starter and above) creates a course with two lessons; Mariam (its
// moderator) enrolls, watches a direct video to the end (it completes itself), marks the other lesson
// complete and sees the progress ring move; Ana is notified live of the enrollment. Ana (owner of
// Tbilisi Startup Circle) creates an event; Giorgi (a member) finds it on the calendar, attends it and
// downloads its .ics.

const PASSWORD = "demo-pass-2026";
const COMMUNITY = "Tbilisi Startup Circle";
/** On the Starter plan, so its owner may create courses (Tbilisi Startup Circle is on Free). */
const ACADEMY = "Frontend Craft Academy";
// There is no internet here: the direct lesson file is made in the browser and served by the test.
const VIDEO_URL = "https://media.agora.test/lessons/intro.webm";

const sessions = new Map<string, Awaited<ReturnType<BrowserContext["storageState"]>>>();
let lessonFile: Buffer;

/** A two-second WebM recorded from a canvas by Chromium's own encoder. */
async function recordVideo(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 160;
    canvas.height = 90;
    const ctx = canvas.getContext("2d")!;
    const stream = canvas.captureStream(10);
    const recorder = new MediaRecorder(stream, { mimeType: "video/webm" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const done = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
    recorder.start(100);
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const draw = () => {
        const t = performance.now() - started;
        ctx.fillStyle = `hsl(${(t / 10) % 360} 70% 50%)`;
        ctx.fillRect(0, 0, 160, 90);
        if (t < 2000) requestAnimationFrame(draw);
        else resolve();
      };
      draw();
    });
    recorder.stop();
    await done;
    const bytes = new Uint8Array(await new Blob(chunks, { type: "video/webm" }).arrayBuffer());
    let binary = "";
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary);
  });
  return Buffer.from(base64, "base64");
}

test.beforeAll(async ({ browser }) => {
  for (const email of ["ana@example.com", "giorgi@example.com", "mariam@example.com"]) {
    const context = await browser.newContext({ extraHTTPHeaders: ownAddress() });
    const page = await context.newPage();
    await signInThroughForm(page, email, PASSWORD);
    sessions.set(email, await context.storageState());
    if (!lessonFile) lessonFile = await recordVideo(page);
    await context.close();
  }
});

async function signIn(
  browser: Browser,
  email: string,
  viewport = { width: 1280, height: 900 },
  community = COMMUNITY,
): Promise<Page> {
  const context = await browser.newContext({ viewport, storageState: sessions.get(email) });
  await context.route("https://media.agora.test/**", (route) =>
    route.fulfill({ status: 200, contentType: "video/webm", body: lessonFile }),
  );
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("banner").locator('button[aria-haspopup="menu"]').first().click();
  await page.getByRole("menuitemradio", { name: community }).click();
  await expect(page.getByRole("heading", { level: 1, name: community })).toBeVisible();
  return page;
}

async function unreadCount(page: Page): Promise<number> {
  const label = await page.getByRole("button", { name: /^Notifications/ }).getAttribute("aria-label");
  return Number(label?.match(/(\d+) unread/)?.[1] ?? 0);
}

test("the classroom and the calendar ask visitors to sign in", async ({ page }) => {
  await page.goto("/classroom");
  await expect(page.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
  await expect(page.getByText("Please sign in to access the classroom")).toBeVisible();
  await page.goto("/calendar");
  await expect(page.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
  await expect(page.getByText("Please sign in to access the calendar")).toBeVisible();
});

test("an owner builds a course and a member takes it", async ({ browser }) => {
  // Two people, two lessons and a video played to its end.
  test.setTimeout(120_000);
  const stamp = `${Date.now()}`;
  const title = `Pitching ${stamp}`;
  const ana = await signIn(browser, "ana@example.com", undefined, ACADEMY);
  const mariam = await signIn(browser, "mariam@example.com", { width: 390, height: 844 }, ACADEMY);

  // Ana creates the course; an empty title is refused first with the spec's message.
  await ana.goto("/classroom");
  await ana.getByRole("button", { name: "Create Course" }).click();
  const create = ana.getByRole("dialog", { name: "Create Course" });
  await create.getByRole("button", { name: "Create Course" }).click();
  await expect(create.getByText("Please enter a course title")).toBeVisible();
  await create.getByLabel("Title").fill(title);
  await create.getByLabel("Description").fill("From idea to a five-minute pitch");
  await create.getByRole("button", { name: "Create Course" }).click();
  await expect(ana.getByText("Course created successfully")).toBeVisible();
  await ana.getByRole("link", { name: title }).click();
  await expect(ana.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // Two lessons: a direct file and a YouTube link (stored as its privacy-enhanced embed).
  await ana.getByRole("button", { name: "Add First Video" }).click();
  let dialog = ana.getByRole("dialog", { name: "Add Video" });
  await dialog.getByLabel("Title").fill("Why pitches fail");
  await dialog.getByLabel("Video URL").fill(VIDEO_URL);
  await dialog.getByLabel("Duration (MM:SS)").fill("0:02");
  await dialog.getByRole("button", { name: "Add Video" }).click();
  await expect(ana.getByText("Video added successfully")).toBeVisible();
  await ana.getByRole("button", { name: "Add Video" }).click();
  dialog = ana.getByRole("dialog", { name: "Add Video" });
  await dialog.getByLabel("Title").fill("The five-minute structure");
  await dialog.getByLabel("Video URL").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  await dialog.getByLabel("Duration (MM:SS)").fill("12:30");
  await dialog.getByRole("button", { name: "Add Video" }).click();
  await expect(ana.getByRole("listitem").filter({ hasText: "The five-minute structure" })).toContainText("12:30");

  // Reordering from the keyboard moves the second lesson first, and back.
  const second = ana.getByRole("listitem").filter({ hasText: "The five-minute structure" });
  await second.focus();
  await ana.keyboard.press("Alt+ArrowUp");
  await expect(ana.getByRole("listitem").filter({ hasText: /^2\./ })).toContainText("Why pitches fail");
  await ana.getByRole("listitem").filter({ hasText: "The five-minute structure" }).focus();
  await ana.keyboard.press("Alt+ArrowDown");
  await expect(ana.getByRole("listitem").filter({ hasText: /^1\./ })).toContainText("Why pitches fail");
  const unreadBefore = await unreadCount(ana);

  // Mariam, on a phone, finds the course with its real lesson and enrolled counts and enrolls.
  await mariam.goto("/classroom");
  // The card's title is its link (stretched over the card); the counts are the card's.
  const link = mariam.getByRole("link", { name: title });
  const card = mariam.getByRole("article").filter({ has: link });
  await expect(card).toContainText("2 lessons");
  await expect(card).toContainText("0 enrolled");
  await link.click();
  await mariam.getByRole("button", { name: "Enroll Now" }).click();
  await expect(mariam.getByText("Successfully enrolled in course")).toBeVisible();
  await expect(mariam.getByRole("progressbar", { name: "0% complete" })).toBeVisible();

  // Ana hears of it live, and her course page counts the new learner without a reload.
  await expect.poll(() => unreadCount(ana)).toBeGreaterThan(unreadBefore);
  await expect(ana.getByText("1 enrolled")).toBeVisible();

  // The direct video plays to its end and completes itself (the 90% rule), without a click.
  await mariam.getByRole("link", { name: "Continue: Why pitches fail" }).click();
  const player = mariam.getByLabel("Video player: Why pitches fail");
  await expect(player).toBeVisible();
  await player.evaluate((el: HTMLVideoElement) => {
    el.muted = true;
    return el.play();
  });
  await expect(mariam.getByText("Completed", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(mariam.getByRole("progressbar", { name: "50% complete" })).toBeVisible();

  // The next lesson is marked complete by hand: the ring reaches 100%.
  await mariam.getByRole("link", { name: /The five-minute structure/ }).click();
  await expect(mariam.locator('iframe[src^="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]')).toBeAttached();
  await mariam.getByRole("button", { name: "Mark as Complete" }).click();
  await expect(mariam.getByText("Video marked as completed")).toBeVisible();
  await expect(mariam.getByRole("progressbar", { name: "100% complete" })).toBeVisible();
  await mariam.goto("/classroom");
  await expect(
    mariam
      .getByRole("article")
      .filter({ has: mariam.getByRole("link", { name: title }) })
      .getByRole("progressbar", { name: "100% complete" }),
  ).toBeVisible();

  // Unknown ids show the spec's not-found screens with a way back.
  await mariam.goto("/course/no-such-course");
  await expect(mariam.getByRole("heading", { name: "Course Not Found" })).toBeVisible();
  await mariam.goto("/video/no-such-video");
  await expect(mariam.getByRole("heading", { name: "Video Not Found" })).toBeVisible();
  await mariam.getByRole("link", { name: "Back to Classroom" }).click();
  await expect(mariam).toHaveURL(/\/classroom$/);
  await expect(mariam.getByRole("link", { name: title })).toBeVisible();

  // Dark theme on the phone: the classroom keeps its cards.
  await mariam.emulateMedia({ colorScheme: "dark" });
  await mariam.screenshot({ path: "test-results/classroom-phone-dark.png", fullPage: true });
  await ana.screenshot({ path: "test-results/course-desktop.png", fullPage: true });
});

test("an owner creates an event and a member attends it", async ({ browser }) => {
  const name = `Demo night ${Date.now()}`;
  const ana = await signIn(browser, "ana@example.com");
  const giorgi = await signIn(browser, "giorgi@example.com", { width: 390, height: 844 });

  await ana.goto("/calendar");
  await ana.getByRole("button", { name: "Create Event" }).click();
  const dialog = ana.getByRole("dialog", { name: "Create Event" });
  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(dialog.getByText("Event name is required")).toBeVisible();
  await expect(dialog.getByText("Event location is required")).toBeVisible();
  await dialog.getByLabel("Event name").fill(name);
  await dialog.getByLabel("Location").fill("Fabrika, Tbilisi");
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, "0")}-${String(tomorrow.getDate()).padStart(2, "0")}`;
  await dialog.getByLabel("Starts").fill(`${day}T18:30`);
  // The end follows the start: an hour later.
  await expect(dialog.getByLabel("Ends")).toHaveValue(`${day}T19:30`);
  await dialog.getByLabel("Type").selectOption("Workshop");
  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(ana.getByText("Event created successfully")).toBeVisible();
  await expect(ana.getByRole("heading", { name })).toBeVisible();

  await giorgi.goto("/calendar");
  const card = giorgi.getByRole("article", { name });
  await expect(card).toContainText("Workshop");
  await expect(card).toContainText("0 attending");
  await card.getByRole("button", { name: `Attend ${name}` }).click();
  await expect(giorgi.getByText("You are now attending this event!")).toBeVisible();
  await expect(card).toContainText("1 attending");
  // Add to calendar: the event as an .ics file.
  const download = giorgi.waitForEvent("download");
  await card.getByRole("link", { name: "Add to calendar" }).click();
  const ics = await (await download).path();
  expect(readFileSync(ics, "utf8")).toContain(`SUMMARY:${name}`);
  // The personal feed carries it too.
  await giorgi.getByRole("button", { name: "Subscribe" }).click();
  const feed = giorgi.getByRole("dialog", { name: "Subscribe in your calendar app" });
  await feed.getByRole("button", { name: /Create link|Replace link/ }).click();
  const feedUrl = await feed.getByLabel("Your calendar link").inputValue();
  expect(await (await giorgi.request.get(feedUrl)).text()).toContain(`SUMMARY:${name}`);
  await feed.getByRole("button", { name: "Close" }).click();
  await card.getByRole("button", { name: `Stop attending ${name}` }).click();
  await expect(giorgi.getByText("You are no longer attending this event")).toBeVisible();
  await expect(card).toContainText("0 attending");

  // The month grid marks its day (earlier runs may have filled that day), and its card follows the grid.
  await giorgi.getByRole("button", { name: "Month" }).click();
  await expect(
    giorgi
      .getByRole("gridcell")
      .filter({ hasText: /Demo night/ })
      .first(),
  ).toBeVisible();
  await expect(giorgi.getByRole("article", { name })).toBeVisible();
  await giorgi.emulateMedia({ colorScheme: "dark" });
  await giorgi.screenshot({ path: "test-results/calendar-phone-dark.png", fullPage: true });
  await ana.screenshot({ path: "test-results/calendar-desktop.png", fullPage: true });
});
