import { useInfiniteQuery } from "@tanstack/react-query";
import { ChevronRight, Inbox } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ticketQueueFilters, type TicketQueueFilter } from "../../../common/contract/enums";
import type { QueuedTicket } from "../../../common/contract/support";
import { LoadError } from "../../components/load-error";
import { PageHeading, useDocumentTitle } from "../../components/page";
import { TicketStatusBadge } from "../../components/ticket-thread";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { Tab, TabList, TabPanel, Tabs } from "../../components/ui/tabs";
import { useErrorMessage } from "../../lib/errors";
import { useRelativeTime } from "../../lib/time";
import { ticketQueueQueryOptions } from "./queries";
import { AdminNav } from "./admin-nav";
import { StaffTicketDialog } from "./staff-ticket-dialog";

type TicketsPageProps = {
  filter: TicketQueueFilter;
  onFilterChange: (filter: TicketQueueFilter) => void;
  openId: string | null;
  onOpenChange: (id: string | null) => void;
};

/** The staff queue of support tickets: open ones (waiting or answered) and closed ones, newest activity first. */
export function TicketsPage({ filter, onFilterChange, openId, onOpenChange }: TicketsPageProps) {
  const { t } = useTranslation("admin");
  useDocumentTitle(t("tickets.title"));
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <AdminNav />
      <div>
        <PageHeading>{t("tickets.title")}</PageHeading>
        <p className="mt-1 text-muted-foreground">{t("tickets.subtitle")}</p>
      </div>
      <Tabs value={filter} onValueChange={(v) => onFilterChange(v as TicketQueueFilter)}>
        <TabList label={t("tickets.tabsLabel")} className="max-w-sm">
          {ticketQueueFilters.map((f) => (
            <Tab key={f} value={f}>
              {t(`tickets.tabs.${f}`)}
            </Tab>
          ))}
        </TabList>
        {ticketQueueFilters.map((f) => (
          <TabPanel key={f} value={f} className="mt-5">
            <TicketQueue filter={f} onOpen={onOpenChange} />
          </TabPanel>
        ))}
      </Tabs>
      {openId && <StaffTicketDialog id={openId} onClose={() => onOpenChange(null)} />}
    </div>
  );
}

function TicketQueue({ filter, onOpen }: { filter: TicketQueueFilter; onOpen: (id: string) => void }) {
  const { t } = useTranslation("admin");
  const errorMessage = useErrorMessage();
  const query = useInfiniteQuery(ticketQueueQueryOptions(filter));
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  if (query.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        variant="plain"
        message={errorMessage(query.error)}
        retryLabel={t("communities:common.tryAgain")}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (items.length === 0) {
    return (
      <p className="flex items-center justify-center gap-2 rounded-xl border border-dashed border-border p-10 text-muted-foreground">
        <Inbox className="h-5 w-5" aria-hidden="true" />
        {t(`tickets.empty.${filter}`)}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface shadow-sm">
        {items.map((ticket) => (
          <li key={ticket.id}>
            <QueueRow ticket={ticket} onOpen={() => onOpen(ticket.id)} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t("communities:explore.loadMore")}
          </Button>
        </div>
      )}
    </div>
  );
}

function QueueRow({ ticket, onOpen }: { ticket: QueuedTicket; onOpen: () => void }) {
  const { t } = useTranslation("admin");
  const relative = useRelativeTime();
  return (
    <button
      type="button"
      onClick={onOpen}
      className="flex w-full items-center gap-3 p-4 text-left hover:bg-muted focus-visible:bg-muted"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <p className="truncate font-medium text-foreground">{ticket.subject}</p>
        <p className="truncate text-sm text-muted-foreground">
          {ticket.name} ({ticket.email})
        </p>
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <TicketStatusBadge status={ticket.status} />
          <Badge>{t(`support:priorities.${ticket.priority}`)}</Badge>
          <span>{t(`support:categories.${ticket.category}`)}</span>
          <span>· {relative(ticket.lastActivityAt)}</span>
        </p>
      </div>
      <ChevronRight className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden="true" />
    </button>
  );
}
