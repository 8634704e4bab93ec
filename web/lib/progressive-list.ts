import { startTransition, useEffect, useState } from "react";

/**
 * How many items of a long list to render: the first screen's `first` at once, and all of them in a
 * background render right after it has painted. Only for a list whose data arrives after it mounted
 * (`loadedAtMount` false): one shown from the cache renders whole, so scroll restoration finds the
 * place the reader left. The background render is a transition, so it yields
 * to input and the first screen does not wait for the cards nobody can see yet (on a phone the whole
 * list rendered in one task held the page for several hundred milliseconds).
 */
export function useProgressiveCount(total: number, first: number, loadedAtMount: boolean): number {
  const [all, setAll] = useState(loadedAtMount);
  useEffect(() => {
    if (!all && total > first) startTransition(() => setAll(true));
  }, [all, total, first]);
  return all ? total : Math.min(total, first);
}
