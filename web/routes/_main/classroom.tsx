import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { SignInPrompt } from "../../components/page";
import { PageSpinner } from "../../components/ui/spinner";
import { ClassroomPage } from "../../features/classroom/classroom-page";
import { ensureNamespace } from "../../lib/i18n";
import { useSession } from "../../lib/session";

export const Route = createFileRoute("/_main/classroom")({
  loader: () => ensureNamespace("classroom"),
  component: ClassroomRoute,
});

/** Open to visitors, who see 'Authentication Required' (spec 001 section 2) rather than a redirect. */
function ClassroomRoute() {
  const { t } = useTranslation("classroom");
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user) return <SignInPrompt title={t("signInTitle")} message={t("signInMessage")} />;
  return <ClassroomPage />;
}
