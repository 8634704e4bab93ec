import { createFileRoute, notFound } from "@tanstack/react-router";
import { useCallback } from "react";
import type { TicketQueueFilter } from "../../../../common/contract/enums";
import { TicketsPage } from "../../../features/admin/tickets-page";
import { validateTicketsSearch } from "../../../features/admin/ticket-views";
import { ensureNamespace } from "../../../lib/i18n";

export const Route = createFileRoute("/_main/_protected/admin/tickets")({
  validateSearch: validateTicketsSearch,
  // Staff only; everyone else gets the ordinary not-found page (the console's existence is not advertised).
  beforeLoad: ({ context }) => {
    if (context.user.platformRole !== "staff") throw notFound();
  },
  loader: () => ensureNamespace("admin", "support", "communities"),
  component: AdminTicketsRoute,
});

function AdminTicketsRoute() {
  const { status = "open", ticket } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onFilterChange = useCallback(
    (next: TicketQueueFilter) => void navigate({ search: next === "open" ? {} : { status: next }, replace: true }),
    [navigate],
  );
  const onOpenChange = useCallback(
    (id: string | null) =>
      void navigate({
        search: (prev) => ({ ...(prev.status ? { status: prev.status } : {}), ...(id ? { ticket: id } : {}) }),
        replace: true,
      }),
    [navigate],
  );
  return <TicketsPage filter={status} onFilterChange={onFilterChange} openId={ticket ?? null} onOpenChange={onOpenChange} />;
}
