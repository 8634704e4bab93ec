// Reading Chromium traces (bench/web-tasks.mjs, bench/web-loads.mjs).

/** An event's thread, as "pid:tid". */
export const threadOf = (event) => `${event.pid}:${event.tid}`;

/** The page's main thread: of the renderer main threads in the trace, the one that ran the most. */
export function mainThread(events) {
  const busy = new Map();
  for (const e of events) if (e.ph === "X" && e.name === "RunTask") busy.set(threadOf(e), (busy.get(threadOf(e)) ?? 0) + e.dur);
  return events
    .filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain")
    .map(threadOf)
    .sort((a, b) => (busy.get(b) ?? 0) - (busy.get(a) ?? 0))[0];
}
