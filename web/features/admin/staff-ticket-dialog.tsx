import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Lock, RotateCcw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../components/load-error";
import { TicketStatusBadge, TicketThread } from "../../components/ticket-thread";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { ApiError, call } from "../../lib/api";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { adminKeys, staffTicketQueryOptions } from "./queries";

/** One ticket for staff: who sent it, the thread, the reply form (mailed to the sender) and close or reopen. */
export function StaffTicketDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation("admin");
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const query = useQuery(staffTicketQueryOptions(id));
  const [serverError, setServerError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.tickets() });

  const reply = useMutation({
    mutationFn: ({ message }: { message: string; done: () => void }) =>
      call("POST /api/admin/tickets/:id/replies", { params: { id }, body: { message } }),
    onMutate: () => setServerError(null),
    onSuccess: async (_, { done }) => {
      done();
      toast({ variant: "success", title: t("tickets.replied") });
      await refresh();
    },
    onError: async (err) => {
      const issue = err instanceof ApiError ? err.issues.find((i) => i.path === "message")?.message : undefined;
      if (issue) return setServerError(issue);
      toast({ variant: "destructive", title: t("translation:tickets.replyFailed"), description: errorMessage(err) });
      await refresh();
    },
  });

  const setStatus = useMutation({
    mutationFn: (status: "open" | "closed") => call("PATCH /api/admin/tickets/:id", { params: { id }, body: { status } }),
    onSuccess: async (result) => {
      toast({ variant: "success", title: t(result.status === "closed" ? "tickets.closedDone" : "tickets.reopenedDone") });
      await refresh();
    },
    onError: (err) => toast({ variant: "destructive", title: t("tickets.statusFailed"), description: errorMessage(err) }),
  });

  const ticket = query.data;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={ticket?.subject ?? t("tickets.title")} className="max-w-2xl">
      {query.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : query.isError || !ticket ? (
        <LoadError
          className="mt-6"
          message={errorMessage(query.error)}
          retryLabel={t("communities:common.tryAgain")}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="space-y-1 text-sm">
              <p className="text-foreground">
                {ticket.name} ·{" "}
                <a className="text-link hover:underline" href={`mailto:${ticket.email}`}>
                  {ticket.email}
                </a>
              </p>
              <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <TicketStatusBadge status={ticket.status} />
                <span>{t(`support:priorities.${ticket.priority}`)}</span>
                <span>· {t(`support:categories.${ticket.category}`)}</span>
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              loading={setStatus.isPending}
              onClick={() => setStatus.mutate(ticket.status === "closed" ? "open" : "closed")}
            >
              {ticket.status === "closed" ? (
                <RotateCcw className="h-4 w-4" aria-hidden="true" />
              ) : (
                <Lock className="h-4 w-4" aria-hidden="true" />
              )}
              {ticket.status === "closed" ? t("tickets.reopen") : t("tickets.close")}
            </Button>
          </div>
          <TicketThread
            ticket={ticket}
            viewer="staff"
            pending={reply.isPending}
            serverError={serverError}
            onReply={(message, done) => reply.mutate({ message, done })}
          />
        </div>
      )}
    </Dialog>
  );
}
