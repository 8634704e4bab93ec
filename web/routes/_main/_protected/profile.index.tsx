import { createFileRoute } from "@tanstack/react-router";
import { Suspense } from "react";
import { PageSpinner } from "../../../components/ui/spinner";
import { ensureNamespace } from "../../../lib/i18n";
import { lazyWithPreload } from "../../../lib/lazy";

const OwnProfileView = lazyWithPreload(() => import("../../../features/profile/own-profile-page"));

export const Route = createFileRoute("/_main/_protected/profile/")({
  loader: () => Promise.all([ensureNamespace("profile"), OwnProfileView.preload()]),
  component: ProfilePage,
});

function ProfilePage() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <OwnProfileView />
    </Suspense>
  );
}
