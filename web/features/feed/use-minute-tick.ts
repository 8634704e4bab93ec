import { useSyncExternalStore } from "react";

/**
 * Re-renders its users once a minute, so 'Just now' becomes '1m ago' on a page left open. One timer for
 * the whole page, running only while something listens.
 */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let minute = Math.floor(Date.now() / 60_000);

function subscribe(listener: () => void) {
  // The first listener after a quiet spell: the minute may be long gone (polls read it to close).
  if (listeners.size === 0) minute = Math.floor(Date.now() / 60_000);
  listeners.add(listener);
  timer ??= setInterval(() => {
    minute = Math.floor(Date.now() / 60_000);
    listeners.forEach((l) => l());
  }, 60_000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export function useMinuteTick(): number {
  return useSyncExternalStore(
    subscribe,
    () => minute,
    () => minute,
  );
}
