import { createFileRoute } from "@tanstack/react-router";
import { communityQueryOptions } from "../../features/communities/queries";
import { CommunityDetailPage } from "../../features/communities/detail/community-detail-page";
import { ensureNamespace } from "../../lib/i18n";

export const Route = createFileRoute("/_main/communities/$communityId")({
  // The page renders with its data when it is quick; a 404 or failure is the page's to show, not the router's.
  loader: ({ context, params }) =>
    Promise.all([ensureNamespace("communities"), context.queryClient.prefetchQuery(communityQueryOptions(params.communityId))]),
  component: CommunityDetailRoute,
});

function CommunityDetailRoute() {
  const { communityId } = Route.useParams();
  return <CommunityDetailPage communityId={communityId} />;
}
