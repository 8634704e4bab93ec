import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { ensureNamespace, initI18n, type Language } from "../lib/i18n";
import { createQueryClient } from "../lib/query-client";
import { meKeys } from "../lib/session";
import { anaUser } from "./fetch-mock";

// jsdom has no layout, so the router's scroll restoration has nothing to scroll.
window.scrollTo = () => {};

/**
 * One component on a fresh cache, signed in as Ana, in a language with a feature's texts loaded. It sits
 * in a router of its own (links and navigation work); where it went is `router.state.location`.
 */
export async function renderInRouter(
  ui: ReactElement,
  {
    language = "en",
    namespaces = [],
    seed,
  }: { language?: Language; namespaces?: string[]; seed?: (qc: QueryClient) => void } = {},
) {
  await initI18n(language);
  if (namespaces.length) await ensureNamespace(...namespaces);
  const queryClient = createQueryClient();
  queryClient.setQueryData(meKeys.session(), anaUser);
  seed?.(queryClient);
  const root = createRootRoute({ component: Outlet });
  // Every other address renders nothing, so a test can see where a click led.
  const routeTree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: "/", component: () => ui }),
    createRoute({ getParentRoute: () => root, path: "$", component: () => null }),
  ]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ["/"] }) });
  await router.load();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router };
}
