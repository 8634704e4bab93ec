import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { SignInPrompt } from "../../components/page";
import { PageSpinner } from "../../components/ui/spinner";
import { CalendarPage } from "../../features/calendar/calendar-page";
import { ensureNamespace } from "../../lib/i18n";
import { useSession } from "../../lib/session";

export const Route = createFileRoute("/_main/calendar")({
  loader: () => ensureNamespace("calendar"),
  component: CalendarRoute,
});

/** Open to visitors, who see 'Authentication Required' (spec 001 section 2) rather than a redirect. */
function CalendarRoute() {
  const { t } = useTranslation("calendar");
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user) return <SignInPrompt title={t("signInTitle")} message={t("signInMessage")} />;
  return <CalendarPage />;
}
