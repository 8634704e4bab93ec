import { createFileRoute } from "@tanstack/react-router";
import { PlanPaymentPage } from "../../../features/communities/payment/plan-payment-page";
import { ensureNamespace } from "../../../lib/i18n";
import { optionalString } from "../../../lib/search";

export const Route = createFileRoute("/_main/_protected/payment/input")({
  validateSearch: (search: Record<string, unknown>): { communityId?: string; plan?: string } => {
    const communityId = optionalString(search.communityId);
    const plan = optionalString(search.plan);
    return { ...(communityId ? { communityId } : {}), ...(plan ? { plan } : {}) };
  },
  loader: () => ensureNamespace("communities"),
  component: PlanPaymentRoute,
});

function PlanPaymentRoute() {
  const { communityId, plan } = Route.useSearch();
  return <PlanPaymentPage communityId={communityId} plan={plan} />;
}
