// The main-thread tasks behind a page's Total Blocking Time, read from the trace of a Lighthouse run
// (`WEB_SAVE_TRACES=1 npm run bench:web` keeps one beside each report). Lighthouse's mobile figures are
// simulated from that unthrottled trace: each task's duration is multiplied by 4, tasks under 10 ms
// are dropped from the model, and a task blocks by what it lasts past 50 ms. So a task of 12.5 ms or
// more here is one the score counts. Prints those tasks after the first contentful paint with what
// they were made of, then their sum as Lighthouse would count it: an estimate of its TBT, since the
// trace's first paint is the observed one and Lantern counts from the first paint it simulates.
//
//   node bench/web-tasks.mjs bench/.results/web/signed-in-feed-0.trace.json
import { readFileSync } from "node:fs";
import { mainThread, threadOf } from "./trace.mjs";

const file = process.argv[2];
if (!file) {
  console.error("usage: node bench/web-tasks.mjs <trace.json>");
  process.exit(2);
}
const trace = JSON.parse(readFileSync(file, "utf8"));
const events = trace.traceEvents ?? trace;

const main = mainThread(events);
const onMain = events.filter((e) => threadOf(e) === main && e.ph === "X").sort((a, b) => a.ts - b.ts || b.dur - a.dur);
const start =
  events.find((e) => e.name === "navigationStart" && threadOf(e) === main && e.args?.data?.isLoadingMainFrame)?.ts ??
  onMain[0].ts;
const fcp = events.find((e) => e.name === "firstContentfulPaint" && threadOf(e) === main)?.ts ?? start;

const SLOWDOWN = 4;
const counted = [];
const countedCpu = [];
for (const task of onMain.filter((e) => e.name === "RunTask" && e.ts >= fcp && e.dur * SLOWDOWN > 50_000)) {
  // Self time of each kind of event inside the task (a script's own, a style recalculation, a layout...).
  const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
  const open = [];
  const self = new Map();
  for (const e of inside) {
    while (open.length && open.at(-1).ts + open.at(-1).dur <= e.ts) open.pop();
    if (open.length) open.at(-1).self -= e.dur;
    e.self = e.dur;
    open.push(e);
  }
  for (const e of inside) {
    const data = e.args?.data ?? e.args?.beginData ?? {};
    const url = (data.url ?? "").split("/").pop().split("?")[0].slice(0, 32);
    const key = [e.name, data.functionName, url].filter(Boolean).join(" ");
    self.set(key, (self.get(key) ?? 0) + e.self);
  }
  const parts = [...self]
    .filter(([, us]) => us >= 1000)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([key, us]) => `${(us / 1000).toFixed(1)} ${key}`);
  counted.push(task.dur * SLOWDOWN - 50_000);
  // The task's thread time beside its duration: on a busy machine the main thread waits for a core in the
  // middle of a task, and a task of a few milliseconds of work lasts long enough to count.
  const cpu = task.tdur ?? task.dur;
  if (cpu * SLOWDOWN > 50_000) countedCpu.push(cpu * SLOWDOWN - 50_000);
  console.log(
    `${((task.ts - start) / 1000).toFixed(0).padStart(6)} ms  ${(task.dur / 1000).toFixed(1).padStart(5)} ms (${(cpu / 1000).toFixed(1).padStart(4)} on the CPU)  ${parts.join(" | ")}`,
  );
}
const total = counted.reduce((sum, us) => sum + us, 0) / 1000;
console.log(
  `\n${counted.length} tasks of 12.5 ms or more after the first contentful paint; at 4x they block ${total.toFixed(0)} ms`,
);
const totalCpu = countedCpu.reduce((sum, us) => sum + us, 0) / 1000;
console.log(
  `Counted by their time on the CPU instead (what the page's own work blocks, without the waits for a core): ${countedCpu.length} tasks, ${totalCpu.toFixed(0)} ms`,
);
