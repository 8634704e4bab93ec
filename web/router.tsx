import type { QueryClient } from "@tanstack/react-query";
import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { PageSpinner } from "./components/ui/spinner";
import { ErrorPage } from "./app/error-page";
import { NotFoundPage } from "./app/not-found";
import { queryClient } from "./lib/query-client";
import { routeTree } from "./routeTree.gen";

/** `onServer`: the router the worker renders a page's first screen with (web/ssr/first-screen.tsx). */
export function createAppRouter(client: QueryClient, history?: RouterHistory, { onServer = false } = {}) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient: client },
    defaultPreload: "intent",
    // TanStack Query owns caching; the router should always ask it instead of keeping its own copy.
    defaultPreloadStaleTime: 0,
    // Restored by the app in the browser; on the worker it would write an inline script into the page.
    scrollRestoration: !onServer,
    defaultPendingComponent: PageSpinner,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ErrorPage,
  });
}

export const router = createAppRouter(queryClient);

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
