import { startTransition, useEffect, useState, useSyncExternalStore } from "react";

/** Whether the page was opened afresh (a link, a typed address): no scroll position for the browser to restore. */
function openedAfresh(): boolean {
  const entry = globalThis.performance?.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === "navigate";
}

const unchanging = () => () => {};

/** Until a list has mounted, a list mounting is the page the document was opened on. */
let documentsFirstList = true;

/**
 * How many items of a long list to render: the first screen's `first` at once, and all of them in a
 * background render right after it has painted. The background render is a transition, so it yields
 * to input and the first screen does not wait for the cards nobody can see yet (on a phone the whole
 * list rendered in one task held the page for several hundred milliseconds).
 *
 * A list whose data is already there when it mounts (`loadedAtMount`) renders whole, so scroll
 * restoration finds the place the reader left (back to a list, a reload), except on the page a
 * document was opened on afresh: there the data was written into the page, and nothing is restored.
 * The worker writes the list whole into the page's HTML, and React takes it over as it is.
 */
export function useProgressiveCount(total: number, first: number, loadedAtMount: boolean): number {
  // True on the worker and while React hydrates what it wrote (React reads the server's value then).
  const writtenWhole = useSyncExternalStore(
    unchanging,
    () => false,
    () => true,
  );
  const [all, setAll] = useState(() => writtenWhole || (loadedAtMount && !(documentsFirstList && openedAfresh())));
  useEffect(() => {
    documentsFirstList = false;
  }, []);
  useEffect(() => {
    if (!all && total > first) startTransition(() => setAll(true));
  }, [all, total, first]);
  return all ? total : Math.min(total, first);
}
