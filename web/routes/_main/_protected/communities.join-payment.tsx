import { createFileRoute } from "@tanstack/react-router";
import { JoinPaymentPage } from "../../../features/communities/payment/join-payment-page";
import { ensureNamespace } from "../../../lib/i18n";
import { optionalString } from "../../../lib/search";

export const Route = createFileRoute("/_main/_protected/communities/join-payment")({
  validateSearch: (search: Record<string, unknown>): { communityId?: string } => {
    const communityId = optionalString(search.communityId);
    return communityId ? { communityId } : {};
  },
  loader: () => ensureNamespace("communities"),
  component: JoinPaymentRoute,
});

function JoinPaymentRoute() {
  const { communityId } = Route.useSearch();
  return <JoinPaymentPage communityId={communityId} step="saved" />;
}
