import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { Spinner } from "../../../components/ui/spinner";
import type { ReportDecision } from "../../../../common/contract/enums";
import { call } from "../../../lib/api";
import { useErrorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import type { Report } from "../../../../common/contract/reports";
import { ReportCard } from "./report-card";

type ReportsListProps<R extends Report> = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  queryOptions: UseQueryOptions<R[], Error, R[], any>;
  /** Whose queue: a community's, or null for the staff queue. */
  communityId: string | null;
  showCommunity?: boolean;
};

/** The open reports of one queue (a community's, or the staff queue), with Resolve and Dismiss. */
export function ReportsList<R extends Report>({ queryOptions, communityId, showCommunity }: ReportsListProps<R>) {
  const { t } = useTranslation("communities");
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const query = useQuery(queryOptions);
  const [pending, setPending] = useState<{ id: string; decision: ReportDecision } | null>(null);

  const decide = useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: ReportDecision }) =>
      communityId
        ? call("POST /api/communities/:id/reports/:reportId/:decision", { params: { id: communityId, reportId: id, decision } })
        : call("POST /api/admin/reports/:reportId/:decision", { params: { reportId: id, decision } }),
    onMutate: (v) => setPending(v),
    onSuccess: (_, v) =>
      toast({ variant: "success", title: v.decision === "resolve" ? t("reports.resolved") : t("reports.dismissed") }),
    onError: (err) => toast({ variant: "destructive", title: t("reports.failed"), description: errorMessage(err) }),
    onSettled: async () => {
      setPending(null);
      await queryClient.invalidateQueries({ queryKey: queryOptions.queryKey });
    },
  });

  if (query.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        variant="plain"
        message={errorMessage(query.error)}
        retryLabel={t("common.tryAgain")}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <p className="flex items-center justify-center gap-2 rounded-xl border border-dashed border-border p-8 text-muted-foreground">
        <ShieldCheck className="h-5 w-5" aria-hidden="true" />
        {t("reports.empty")}
      </p>
    );
  }
  return (
    <ul className="space-y-3">
      {query.data.map((report) => (
        <li key={report.id}>
          <ReportCard
            report={report}
            showCommunity={showCommunity}
            pending={pending?.id === report.id ? pending.decision : null}
            onDecide={(decision) => decide.mutate({ id: report.id, decision })}
          />
        </li>
      ))}
    </ul>
  );
}
