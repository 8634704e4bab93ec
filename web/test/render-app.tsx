import { QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import { initI18n, type Language } from "../lib/i18n";
import { createQueryClient } from "../lib/query-client";
import { createAppRouter } from "../router";

// jsdom has no layout, so the router's scroll restoration has nothing to scroll.
window.scrollTo = () => {};

/** The whole app (routes, guards, shell) at a given URL and language, on a fresh cache, with a memory history. */
export async function renderApp(url: string, language: Language = "en") {
  await initI18n(language);
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = createAppRouter(queryClient, history);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, history };
}
