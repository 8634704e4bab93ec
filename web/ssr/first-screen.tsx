// First: zod's settings must exist before any schema is made (see the module).
import "../lib/zod-jitless";
import { hydrate, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { I18nextProvider } from "react-i18next";
import type { RenderFirstScreen } from "../../common/first-screen";
import { CurrentCommunityOnServer } from "../lib/current-community";
import { textsIn } from "../lib/i18n";
import { createQueryClient } from "../lib/query-client";
import { createAppRouter } from "../router";

/**
 * The page's first screen as HTML, rendered by the app itself from the data the page inlines, so the
 * browser paints the page (its largest text, its images) before any script has run. Null when the
 * first screen needs anything the inlined data does not hold (a query to make, a redirect, an error):
 * that page goes out with the app's frame only.
 */
export const renderFirstScreen: RenderFirstScreen = async ({ href, state, language, currentCommunityId }) => {
  const client = createQueryClient();
  if (state) hydrate(client, state);
  const texts = await textsIn(language);
  const router = createAppRouter(client, createMemoryHistory({ initialEntries: [href] }), { onServer: true });
  await router.load();
  // A redirect (a guard's, or to the address's canonical form) leaves no matches; a route may also have
  // failed. Either way the browser's app decides what to show.
  const { matches } = router.state;
  if (matches.length === 0 || matches.some((m) => m.status !== "success")) return null;
  // prerender waits for every part (a lazy chunk, its texts) and writes each in place: no fallback
  // followed by a script that swaps the part in.
  const { prelude } = await prerender(
    <StrictMode>
      <I18nextProvider i18n={texts}>
        <CurrentCommunityOnServer.Provider value={currentCommunityId}>
          <QueryClientProvider client={client}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </CurrentCommunityOnServer.Provider>
      </I18nextProvider>
    </StrictMode>,
    // Every part in place, however long: a part written apart needs a script to show it, and the page must paint without one.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  client.clear();
  return html;
};
