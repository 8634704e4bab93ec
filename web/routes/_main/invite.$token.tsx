import { createFileRoute } from "@tanstack/react-router";
import { InvitePage } from "../../features/communities/invite/invite-page";
import { inviteQueryOptions } from "../../features/communities/invite/invite-query";
import { ensureNamespace } from "../../lib/i18n";

export const Route = createFileRoute("/_main/invite/$token")({
  // Open to guests too: the page shows the community and asks them to sign in to join.
  loader: ({ context, params }) =>
    Promise.all([ensureNamespace("communities"), context.queryClient.prefetchQuery(inviteQueryOptions(params.token))]),
  component: InviteRoute,
});

function InviteRoute() {
  const { token } = Route.useParams();
  return <InvitePage token={token} />;
}
