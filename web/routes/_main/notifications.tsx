import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { PageSpinner } from "../../components/ui/spinner";
import { useSession } from "../../features/auth/session";
import { ComingSoonPage, SignInPrompt } from "../../features/shell/page";

export const Route = createFileRoute("/_main/notifications")({ component: NotificationsPage });

/** Open to visitors, who are asked to sign in rather than redirected. */
function NotificationsPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user) return <SignInPrompt title={t("pages.notifications")} message={t("signInPrompt.notifications")} />;
  return <ComingSoonPage title={t("pages.notifications")} />;
}
