import { onTestFinished, vi } from "vitest";

/**
 * Stops the clock for the rest of the test, at `at`: the worker's code runs in the tests' isolate, so
 * every request it answers reads this time. Rate limits count in fixed windows; N requests that must
 * share one window then share it however slow the machine is, instead of failing when they cross a
 * window's end. Only `Date` stops: timers and the runtime's own I/O go on.
 */
export function stopClock(at = Date.now()): { set(time: number): void } {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
  onTestFinished(() => void vi.useRealTimers());
  return { set: (time) => void vi.setSystemTime(time) };
}
