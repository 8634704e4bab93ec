import { hydrate, type DehydratedState, type QueryClient } from "@tanstack/react-query";

/** Element id the worker writes a page's first screen into (worker/lib/page-document.ts). */
const STATE_ELEMENT_ID = "query-state";

/**
 * Public pages come with their first screen's queries (the session, the community, explore's first
 * page) already in the HTML; putting them in the cache before the first render spares the app the
 * round trips. The element goes once read, so a later render never hydrates stale data again.
 */
export function hydrateInlinedState(client: QueryClient, doc: Document = document): void {
  const element = doc.getElementById(STATE_ELEMENT_ID);
  if (!element) return;
  element.remove();
  try {
    hydrate(client, JSON.parse(element.textContent ?? "") as DehydratedState);
  } catch {
    // A page whose inlined data cannot be read renders like any other: its queries fetch.
  }
}
