import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { meKeys } from "../../lib/session";
import { ensureNamespace, initI18n } from "../../lib/i18n";
import { createQueryClient } from "../../lib/query-client";
import { anaUser } from "../../test/fetch-mock";

/**
 * A feed component on a fresh cache, signed in as Ana, with the English feed texts loaded. It sits in
 * a router of its own, since names and avatars link to profiles and posts.
 */
export async function renderFeed(ui: ReactElement, seed?: (qc: QueryClient) => void) {
  await initI18n("en");
  await ensureNamespace("feed", "notifications");
  const queryClient = createQueryClient();
  queryClient.setQueryData(meKeys.session(), anaUser);
  seed?.(queryClient);
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  await router.load();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
