import { useSyncExternalStore } from "react";

/**
 * When a page's sockets may open: at the person's first interaction with it (a key, a tap, a pointer
 * moving, a scroll) or LIVE_START_DELAY_MS after it loaded, whichever is first, and from then on for
 * the whole visit (the app's own navigations do not wait again). A page drawn by the worker is already
 * current when it paints; opening its rooms at once made the browser and the local server start both
 * rooms (their code, their access checks) while the page was still hydrating, on the same cores
 * (bench/README, "The realtime client after the first interaction"). A room that opens more than 2 s after
 * its screen mounted reads what it may have missed, as after a drop (`onReconnect` in useRoom).
 */
export const LIVE_START_DELAY_MS = 5000;

const INTERACTIONS = ["pointerdown", "pointermove", "keydown", "touchstart", "wheel", "scroll"] as const;

let started = false;
const listeners = new Set<() => void>();

function start() {
  if (started) return;
  started = true;
  for (const type of INTERACTIONS) removeEventListener(type, start, true);
  listeners.forEach((listener) => listener());
}

if (typeof window !== "undefined") {
  for (const type of INTERACTIONS) addEventListener(type, start, { capture: true, passive: true });
  const later = () => setTimeout(start, LIVE_START_DELAY_MS);
  if (document.readyState === "complete") later();
  else addEventListener("load", later, { once: true });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether sockets may open yet; `eager` screens (a chat) open theirs at once. */
export function useLiveStarted(eager = false): boolean {
  const live = useSyncExternalStore(
    subscribe,
    () => started,
    () => false,
  );
  return eager || live;
}
