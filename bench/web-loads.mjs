// Many loads of one signed-in page on one warm server (the production build under `wrangler dev`), each
// in a fresh browser context with the phone's viewport, and per load the blocking time its main-thread
// tasks after the first contentful paint add up to, counted as Lighthouse's simulation counts them (each
// task x4, past 50 ms) twice: by the tasks' durations, and by their time on the CPU. On a machine whose
// cores are all busy while a page loads (Chromium's own processes, the local server), a task of a few
// milliseconds of work waits for a core in its middle and lasts long enough to count: the first sum
// varies from load to load by a factor of five, the second far less, which is what tells one build's
// own work from another's. Prints both for every load and their medians.
//
//   npm run build && npm run bench:web-loads -- [feed|post] [loads]
//   WEB_LOADS_SW=block: without the service worker (its first install runs in every fresh context).
//   WEB_LOADS_CPU=1: also the CPU time each process and thread of the machine took during each load.
import { chromium } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import { ensureBuild, freshState, migrate, query, root, signInDemo, startServer, waitFor } from "./server.mjs";
import { mainThread, threadOf } from "./trace.mjs";

const which = process.argv[2] === "post" ? "post" : "feed";
const loads = Number(process.argv[3] ?? 11);
const port = Number(process.env.BENCH_PORT ?? 8799);
const base = `http://127.0.0.1:${port}`;
const state = freshState("web-loads", `${root}bench/.results/web-loads/state`);

ensureBuild();
migrate(state);
const { execFileSync } = await import("node:child_process");
execFileSync(process.execPath, ["db/seed.ts"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, AGORA_STATE_DIR: state },
});
const [[community]] = query(state, ["select id from communities where name = 'Tbilisi Startup Circle'"]);
const [[post]] = query(state, [`select id from posts where community_id = '${community.id}' order by created_at desc limit 1`]);
const path = which === "post" ? `/post/${post.id}` : `/?id=${community.id}`;

const stop = startServer({ port, state, log: `${root}bench/.results/web-loads/server.log` });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  await waitFor(`${base}/api/health`);
  const cookies = (await signInDemo(base)).map((cookie) => ({ ...cookie, url: base }));
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
  const open = async () => {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      serviceWorkers: process.env.WEB_LOADS_SW === "block" ? "block" : "allow",
    });
    await context.addCookies(cookies);
    return context;
  };
  // One load first, not counted: the server's first answers compile its code.
  const warm = await open();
  await (await warm.newPage()).goto(base + path);
  await warm.close();

  const byDuration = [];
  const byCpu = [];
  for (let i = 0; i < loads; i++) {
    const context = await open();
    const page = await context.newPage();
    await browser.startTracing(page, {
      categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "loading"],
    });
    const before = process.env.WEB_LOADS_CPU ? cpuByThread() : null;
    await page.goto(base + path);
    await page.waitForTimeout(5000);
    const after = before && cpuByThread();
    const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    await context.close();
    const { tasks, sums } = blocking(events);
    byDuration.push(sums.duration);
    byCpu.push(sums.cpu);
    console.log(
      `load ${i + 1}: ${Math.round(sums.duration)} ms by duration, ${Math.round(sums.cpu)} ms by CPU time; tasks of 10 ms or more (duration/CPU): ${tasks}`,
    );
    if (after) {
      const spent = new Map();
      for (const [thread, { name, ticks }] of after) {
        const ms = (ticks - (before.get(thread)?.ticks ?? 0)) * 10;
        if (ms > 0) spent.set(name, (spent.get(name) ?? 0) + ms);
      }
      const top = [...spent].sort((a, b) => b[1] - a[1]).slice(0, 8);
      console.log(`  CPU during the load: ${top.map(([name, ms]) => `${name} ${ms} ms`).join(", ")}`);
    }
  }
  console.log(
    `\n${which}, ${loads} loads: median ${Math.round(median(byDuration))} ms by duration, ${Math.round(median(byCpu))} ms by CPU time`,
  );
  await browser.close();
} finally {
  stop();
}

/** The blocking sums of the page's main thread after its first contentful paint, and its tasks of 10 ms or more. */
function blocking(events) {
  const main = mainThread(events);
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && threadOf(e) === main)?.ts ?? 0;
  const after = events
    .filter((e) => threadOf(e) === main && e.ph === "X" && e.name === "RunTask" && e.ts >= fcp)
    .sort((a, b) => a.ts - b.ts);
  const sum = (us) => after.map(us).reduce((total, d) => total + Math.max(0, (4 * d) / 1000 - 50), 0);
  const tasks = after
    .filter((e) => e.dur >= 10_000)
    .map((e) => `${Math.round(e.dur / 1000)}/${Math.round((e.tdur ?? e.dur) / 1000)}`)
    .join(" ");
  return { tasks, sums: { duration: sum((e) => e.dur), cpu: sum((e) => e.tdur ?? e.dur) } };
}

/** CPU ticks (1/100 s) of every thread on the machine, named by its process's kind and its own name. */
function cpuByThread() {
  const threads = new Map();
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      const kind = (args.find((a) => a.startsWith("--type="))?.slice(7) ?? args[0].split("/").pop()).slice(0, 24);
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
        const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        threads.set(`${pid}/${tid}`, { name: `${kind}:${name}`, ticks: Number(fields[11]) + Number(fields[12]) });
      }
    } catch {
      // The process ended while being read.
    }
  }
  return threads;
}
