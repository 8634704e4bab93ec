import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { SupportPage } from "../../../features/support/support-page";
import { validateSupportSearch, type SupportTab } from "../../../features/support/support-views";
import { ensureNamespace } from "../../../lib/i18n";

export const Route = createFileRoute("/_main/_protected/support")({
  validateSearch: validateSupportSearch,
  // The contact details come with the page, so its channels do not appear after it has drawn. Their
  // query is imported here rather than at the top: the route table is part of the first route's code.
  loader: async ({ context }) => {
    const [{ supportContactQueryOptions }] = await Promise.all([
      import("../../../features/support/queries"),
      ensureNamespace("support"),
    ]);
    await context.queryClient.prefetchQuery(supportContactQueryOptions());
  },
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
