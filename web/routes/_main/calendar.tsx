import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { SignInPrompt } from "../../components/page";
import { PageSpinner } from "../../components/ui/spinner";
import { CalendarPage, type CalendarSearch } from "../../features/calendar/calendar-page";
import { ensureNamespace } from "../../lib/i18n";
import { optionalString } from "../../lib/search";
import { useSession } from "../../lib/session";

/**
 * `?month=2026-11&event=<id>` (a search result, past or upcoming) opens that month with the event marked;
 * `?event=<id>&community=<id>` (a notification) opens that community's calendar with the event marked.
 */
function validateSearch(raw: Record<string, unknown>): CalendarSearch {
  const out: CalendarSearch = {};
  const month = optionalString(raw.month);
  if (month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month)) out.month = month;
  const event = optionalString(raw.event);
  if (event) out.event = event;
  const community = optionalString(raw.community);
  if (community) out.community = community;
  return out;
}

export const Route = createFileRoute("/_main/calendar")({
  validateSearch,
  loader: () => ensureNamespace("calendar"),
  component: CalendarRoute,
});

/** Open to visitors, who see 'Authentication Required' (spec 001 section 2) rather than a redirect. */
function CalendarRoute() {
  const { t } = useTranslation("calendar");
  const search = Route.useSearch();
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user) return <SignInPrompt title={t("signInTitle")} message={t("signInMessage")} />;
  return <CalendarPage search={search} />;
}
