import { createFileRoute, notFound } from "@tanstack/react-router";
import { useCallback } from "react";
import { staffReportsQueryOptions } from "../../../features/admin/queries";
import { validateAdminSearch, type AdminView } from "../../../features/admin/admin-views";
import { ReviewsPage } from "../../../features/admin/reviews-page";
import { ReportsList } from "../../../features/communities/manage/reports-list";
import { ensureNamespace } from "../../../lib/i18n";

export const Route = createFileRoute("/_main/_protected/admin/reviews")({
  validateSearch: validateAdminSearch,
  // Staff only; everyone else gets the ordinary not-found page (the console's existence is not advertised).
  beforeLoad: ({ context }) => {
    if (context.user.platformRole !== "staff") throw notFound();
  },
  loader: () => ensureNamespace("admin", "communities"),
  component: AdminReviewsRoute,
});

function AdminReviewsRoute() {
  const { view = "under_review" } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onViewChange = useCallback(
    (next: AdminView) => void navigate({ search: next === "under_review" ? {} : { view: next }, replace: true }),
    [navigate],
  );
  return (
    <ReviewsPage
      view={view}
      onViewChange={onViewChange}
      reports={<ReportsList queryOptions={staffReportsQueryOptions()} communityId={null} showCommunity />}
    />
  );
}
