import { createFileRoute } from "@tanstack/react-router";
import { UnsubscribePage } from "../../features/notifications/unsubscribe-page";
import { ensureNamespace } from "../../lib/i18n";

export const Route = createFileRoute("/_main/unsubscribe")({
  validateSearch: (search: Record<string, unknown>): { token: string } => ({
    token: typeof search.token === "string" ? search.token : "",
  }),
  loader: () => ensureNamespace("notifications"),
  component: UnsubscribeRoute,
});

/** Open to visitors: the e-mail's token is the only credential. */
function UnsubscribeRoute() {
  const { token } = Route.useSearch();
  return <UnsubscribePage token={token} />;
}
