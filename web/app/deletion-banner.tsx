import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/ui/button";
import { deletionQueryOptions } from "../lib/account";
import { call } from "../lib/api";
import { useFormatter } from "../lib/format/formatter";
import { toast } from "../lib/toast";
import type { DeletionStatus } from "../../common/contract/account";

/**
 * Spec 002 "Settings": a red banner while the account's deletion is pending, with 'Cancel Deletion'. The
 * layout reads the status (web/app/main-layout.tsx) and loads this only when a deletion is pending.
 */
export function DeletionBanner({ status }: { status: DeletionStatus }) {
  const { t } = useTranslation();
  const format = useFormatter();
  const client = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => call("DELETE /api/account/deletion"),
    onSuccess: (next) => {
      client.setQueryData(deletionQueryOptions().queryKey, next);
      toast({ variant: "success", title: t("account.deletionCancelled") });
    },
    onError: () => toast({ variant: "destructive", title: t("account.cancelDeletionFailed") }),
  });
  if (status.scheduledDeletionAt === null) return null;
  const days = status.daysRemaining ?? 0;
  return (
    <div role="alert" className="border-b border-destructive/40 bg-destructive text-destructive-foreground">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-2.5 text-sm">
        <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
        <p className="min-w-0 flex-1">
          {t("account.deletionPending", {
            count: days,
            date: format.longDate(status.scheduledDeletionAt),
          })}
        </p>
        <Button
          size="sm"
          variant="outline"
          onClick={() => cancel.mutate()}
          loading={cancel.isPending}
          className="bg-surface text-foreground"
        >
          {t("account.cancelDeletion")}
        </Button>
      </div>
    </div>
  );
}
