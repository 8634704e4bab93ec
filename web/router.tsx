import type { QueryClient } from "@tanstack/react-query";
import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { PageSpinner } from "./components/ui/spinner";
import { ErrorPage } from "./app/error-page";
import { NotFoundPage } from "./app/not-found";
import { routeTree } from "./routeTree.gen";

/**
 * The app's router: made by the entry (web/main.tsx) once the languages are loaded, in a task of its own,
 * and with `onServer` by the worker for a page's first screen (web/ssr/first-screen.tsx).
 */
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

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
