import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { SupportPage } from "../../../features/support/support-page";
import { validateSupportSearch, type SupportTab } from "../../../features/support/support-views";
import { ensureNamespace } from "../../../lib/i18n";

export const Route = createFileRoute("/_main/_protected/support")({
  validateSearch: validateSupportSearch,
  loader: () => ensureNamespace("support"),
  component: SupportRoute,
});

function SupportRoute() {
  const { tab, ticket } = Route.useSearch();
  const navigate = Route.useNavigate();
  // A ticket link (e-mail, notification) lands on the Contact tab with that thread open.
  const current: SupportTab = ticket ? "contact" : (tab ?? "overview");
  const onTabChange = useCallback(
    (next: SupportTab) => void navigate({ search: next === "overview" ? {} : { tab: next }, replace: true }),
    [navigate],
  );
  const onOpenTicketChange = useCallback(
    (id: string | null) => void navigate({ search: id ? { tab: "contact", ticket: id } : { tab: "contact" }, replace: true }),
    [navigate],
  );
  return (
    <SupportPage tab={current} onTabChange={onTabChange} openTicket={ticket ?? null} onOpenTicketChange={onOpenTicketChange} />
  );
}
