import { createFileRoute } from "@tanstack/react-router";
import { Suspense } from "react";
import { PageSpinner } from "../../../components/ui/spinner";
import { ensureNamespace } from "../../../lib/i18n";
import { lazyWithPreload } from "../../../lib/lazy";

const EditProfileView = lazyWithPreload(() => import("../../../features/profile/edit-profile-page"));

export const Route = createFileRoute("/_main/_protected/edit-profile")({
  loader: () => Promise.all([ensureNamespace("profile"), EditProfileView.preload()]),
  component: EditProfileRoute,
});

function EditProfileRoute() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <EditProfileView />
    </Suspense>
  );
}
