import type { QueryClient } from "@tanstack/react-query";
import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { PageSpinner } from "./components/ui/spinner";
import { ErrorPage } from "./app/error-page";
import { NotFoundPage } from "./app/not-found";
import { queryClient } from "./lib/query-client";
import { routeTree } from "./routeTree.gen";

export function createAppRouter(client: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient: client },
    defaultPreload: "intent",
    // TanStack Query owns caching; the router should always ask it instead of keeping its own copy.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
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
