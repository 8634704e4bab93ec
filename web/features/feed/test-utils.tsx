import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { meKeys } from "../../lib/session";
import { ensureNamespace, initI18n } from "../../lib/i18n";
import { createQueryClient } from "../../lib/query-client";
import { anaUser } from "../../test/fetch-mock";

/** A feed component on a fresh cache, signed in as Ana, with the English feed texts loaded. */
export async function renderFeed(ui: ReactElement, seed?: (qc: QueryClient) => void) {
  await initI18n("en");
  await ensureNamespace("feed", "notifications");
  const queryClient = createQueryClient();
  queryClient.setQueryData(meKeys.session(), anaUser);
  seed?.(queryClient);
  const view = render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  return { ...view, queryClient };
}
