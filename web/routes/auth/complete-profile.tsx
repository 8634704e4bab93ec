import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { PageSpinner } from "../../components/ui/spinner";
import { CompleteProfilePage } from "../../features/auth/complete-profile-page";
import { requireUser } from "../../lib/session";
import { useDocumentTitle } from "../../components/page";

export const Route = createFileRoute("/auth/complete-profile")({
  beforeLoad: requireUser,
  pendingComponent: PageSpinner,
  component: CompleteProfileRoute,
});

function CompleteProfileRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t("profileWizard.title"));
  return <CompleteProfilePage />;
}
