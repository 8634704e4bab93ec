import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronRight, Inbox } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TicketSummary } from "../../../common/contract/support";
import { ListStates } from "../../components/list-states";
import { LoadError } from "../../components/load-error";
import { TicketStatusBadge, TicketThread } from "../../components/ticket-thread";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { ApiError, call } from "../../lib/api";
import { useErrorMessage } from "../../lib/errors";
import { useRelativeTime } from "../../lib/time";
import { toast } from "../../lib/toast";
import { myTicketQueryOptions, myTicketsQueryOptions, supportKeys } from "./queries";

type MyTicketsProps = {
  /** The ticket whose thread is open (from the page's `?ticket=`, so e-mail and notification links land on it). */
  openId: string | null;
  onOpenChange: (id: string | null) => void;
};

/** 'My tickets': what the member sent, newest activity first; a ticket opens its thread with the replies. */
export function MyTickets({ openId, onOpenChange }: MyTicketsProps) {
  const { t } = useTranslation("support");
  const query = useInfiniteQuery(myTicketsQueryOptions());
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  const body = (
    <ListStates
      query={query}
      items={items}
      loadingLabel={t("translation:common.loading")}
      error={{ className: "mt-6", message: t("mine.loadFailed"), retryLabel: t("mine.tryAgain") }}
      empty={
        <p className="flex items-center justify-center gap-2 rounded-xl border border-dashed border-border p-8 text-muted-foreground">
          <Inbox className="h-5 w-5" aria-hidden="true" />
          {t("mine.empty")}
        </p>
      }
    >
      {(tickets) => (
        <div className="space-y-3">
          <ul className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface">
            {tickets.map((ticket) => (
              <li key={ticket.id}>
                <TicketRow ticket={ticket} onOpen={() => onOpenChange(ticket.id)} />
              </li>
            ))}
          </ul>
          {query.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
                {t("mine.loadMore")}
              </Button>
            </div>
          )}
        </div>
      )}
    </ListStates>
  );

  return (
    <section aria-labelledby="my-tickets-title" className="space-y-3">
      <h2 id="my-tickets-title" className="text-lg font-semibold text-foreground">
        {t("mine.title")}
      </h2>
      {body}
      {openId && <TicketDialog id={openId} onClose={() => onOpenChange(null)} />}
    </section>
  );
}

function TicketRow({ ticket, onOpen }: { ticket: TicketSummary; onOpen: () => void }) {
  const { t } = useTranslation("support");
  const relative = useRelativeTime();
  return (
    <button
      type="button"
      onClick={onOpen}
      className="flex w-full items-center gap-3 p-4 text-left hover:bg-muted focus-visible:bg-muted"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <p className="truncate font-medium text-foreground">{ticket.subject}</p>
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <TicketStatusBadge status={ticket.status} />
          <span>{t(`categories.${ticket.category}`)}</span>
          <span>· {t("mine.replies", { count: ticket.repliesCount })}</span>
          <span>· {relative(ticket.lastActivityAt)}</span>
        </p>
      </div>
      <ChevronRight className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden="true" />
    </button>
  );
}

function TicketDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation("support");
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const query = useQuery(myTicketQueryOptions(id));
  const [serverError, setServerError] = useState<string | null>(null);
  const reply = useMutation({
    mutationFn: ({ message }: { message: string; done: () => void }) =>
      call("POST /api/support/tickets/:id/replies", { params: { id }, body: { message } }),
    onMutate: () => setServerError(null),
    onSuccess: async (_, { done }) => {
      done();
      toast({ variant: "success", title: t("translation:tickets.replySent") });
      await queryClient.invalidateQueries({ queryKey: supportKeys.all() });
    },
    onError: async (err) => {
      const issue = err instanceof ApiError ? err.issues.find((i) => i.path === "message")?.message : undefined;
      if (issue) return setServerError(issue);
      toast({ variant: "destructive", title: t("translation:tickets.replyFailed"), description: errorMessage(err) });
      // A 409 means staff closed it meanwhile: show it as it now is.
      await queryClient.invalidateQueries({ queryKey: supportKeys.all() });
    },
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={query.data?.subject ?? t("mine.title")} className="max-w-2xl">
      {query.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : query.isError ? (
        <LoadError
          className="mt-6"
          message={errorMessage(query.error)}
          retryLabel={t("mine.tryAgain")}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <div className="space-y-3">
          <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <TicketStatusBadge status={query.data.status} />
            <span>{t(`categories.${query.data.category}`)}</span>
            <span>· {t(`priorities.${query.data.priority}`)}</span>
          </p>
          <TicketThread
            ticket={query.data}
            viewer="member"
            pending={reply.isPending}
            serverError={serverError}
            onReply={(message, done) => reply.mutate({ message, done })}
          />
        </div>
      )}
    </Dialog>
  );
}
