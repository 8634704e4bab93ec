import { useQuery } from "@tanstack/react-query";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { lazy } from "react";
import { StaffPaymentsPage } from "../../../features/admin/payments-page";
import { communityQueryOptions } from "../../../features/communities/queries";
import { ensureNamespace } from "../../../lib/i18n";

// The community's own Payments tab, for staff of every community (refunds included: the API decides).
const PaymentsPanel = lazy(() => import("../../../features/communities/manage/payments/payments-panel"));

export const Route = createFileRoute("/_main/_protected/admin/payments/$communityId")({
  // Staff only; everyone else gets the ordinary not-found page, as for the rest of the console.
  beforeLoad: ({ context }) => {
    if (context.user.platformRole !== "staff") throw notFound();
  },
  loader: () => ensureNamespace("admin", "communities"),
  component: AdminPaymentsRoute,
});

function AdminPaymentsRoute() {
  const { communityId } = Route.useParams();
  const community = useQuery(communityQueryOptions(communityId));
  return (
    <StaffPaymentsPage
      communityId={communityId}
      name={community.data?.community.name ?? ""}
      panel={<PaymentsPanel communityId={communityId} />}
    />
  );
}
