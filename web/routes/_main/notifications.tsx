import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { PageSpinner } from "../../components/ui/spinner";
import { useSession } from "../../lib/session";
import { NotificationsPage } from "../../features/notifications/notifications-page";
import { SignInPrompt } from "../../components/page";
import { ensureNamespace } from "../../lib/i18n";

export const Route = createFileRoute("/_main/notifications")({
  loader: () => ensureNamespace("notifications"),
  component: NotificationsRoute,
});

/** Open to visitors, who are asked to sign in rather than redirected. */
function NotificationsRoute() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user) return <SignInPrompt title={t("pages.notifications")} message={t("signInPrompt.notifications")} />;
  return <NotificationsPage />;
}
