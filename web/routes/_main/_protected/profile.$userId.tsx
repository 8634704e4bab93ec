import { createFileRoute } from "@tanstack/react-router";
import { Suspense } from "react";
import { PageSpinner } from "../../../components/ui/spinner";
import { ensureNamespace } from "../../../lib/i18n";
import { lazyWithPreload } from "../../../lib/lazy";

const MemberProfileView = lazyWithPreload(() => import("../../../features/profile/member-profile-page"));

export const Route = createFileRoute("/_main/_protected/profile/$userId")({
  loader: () => Promise.all([ensureNamespace("profile"), MemberProfileView.preload()]),
  component: MemberProfileRoute,
});

function MemberProfileRoute() {
  const { userId } = Route.useParams();
  return (
    <Suspense fallback={<PageSpinner />}>
      <MemberProfileView key={userId} userId={userId} />
    </Suspense>
  );
}
