import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/ui/button";
import { accountKeys, deletionQueryOptions } from "../lib/account";
import { call } from "../lib/api";
import { useFormatter } from "../lib/format/formatter";
import { useSession } from "../lib/session";
import { toast } from "../lib/toast";

/** Spec 002 "Settings": a red banner while the account's deletion is pending, with 'Cancel Deletion'. */
export function DeletionBanner() {
  const { user } = useSession();
  const { t } = useTranslation();
  const format = useFormatter();
  const client = useQueryClient();
  const status = useQuery({ ...deletionQueryOptions(), enabled: user !== null });
  const cancel = useMutation({
    mutationFn: () => call("DELETE /api/account/deletion"),
    onSuccess: (next) => {
      client.setQueryData(accountKeys.deletion(), next);
      toast({ variant: "success", title: t("account.deletionCancelled") });
    },
    onError: () => toast({ variant: "destructive", title: t("account.cancelDeletionFailed") }),
  });
  if (!user || !status.data?.hasPendingDeletion || status.data.scheduledDeletionAt === null) return null;
  const days = status.data.daysRemaining ?? 0;
  return (
    <div role="alert" className="border-b border-destructive/40 bg-destructive text-destructive-foreground">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-2.5 text-sm">
        <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
        <p className="min-w-0 flex-1">
          {t("account.deletionPending", {
            count: days,
            date: format.longDate(status.data.scheduledDeletionAt),
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
