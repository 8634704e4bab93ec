import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CheckCircle2, XCircle } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { CommunityImage } from "../../components/community-image";
import { ApiError } from "../../lib/api";
import { useErrorMessage } from "../../lib/errors";
import { useRelativeTime } from "../../lib/time";
import { toast } from "../../lib/toast";
import { communityKeys } from "../../../common/query-keys";
import type { EditItem } from "../../../common/contract/review";
import { DecisionDialog } from "./decision-dialog";
import { decideEdit } from "./mutations";
import { adminKeys } from "./queries";

type Field = "name" | "description" | "categoryKey" | "coverVideoUrl" | "imageUrls";
const FIELDS: Field[] = ["name", "description", "categoryKey", "coverVideoUrl", "imageUrls"];

/** An approved community's changes waiting for staff: each changed field as it is now and as it would be. */
export function EditCard({ item }: { item: EditItem }) {
  const { t } = useTranslation("admin");
  const relative = useRelativeTime();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const titleId = `edit-${item.id}`;
  const name = item.current.name;

  const mutation = useMutation({
    mutationFn: ({ decision, reason }: { decision: "approve_edit" | "reject_edit"; reason?: string }) =>
      decideEdit(item.id, decision, item.proposed.submittedAt, reason),
    onMutate: () => setServerError(null),
    onSuccess: async (_, { decision }) => {
      setRejecting(false);
      toast({ variant: "success", title: t(`decision.${decision}.done`, { name }) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.reviewQueues() }),
        queryClient.invalidateQueries({ queryKey: communityKeys.all() }),
      ]);
    },
    onError: async (err) => {
      const issue = err instanceof ApiError ? err.issues.find((i) => i.path === "reason")?.message : undefined;
      if (issue && rejecting) return setServerError(issue);
      setRejecting(false);
      toast({ variant: "destructive", title: t("decision.failed"), description: errorMessage(err) });
      // The owner may have changed the edit meanwhile (409): show the latest.
      await queryClient.invalidateQueries({ queryKey: adminKeys.edits() });
    },
  });

  const show = (field: Field, value: EditItem["current"][Field] | undefined): ReactNode => {
    if (field === "imageUrls") {
      const urls = (value as string[] | undefined) ?? [];
      return urls.length === 0 ? (
        <span className="text-muted-foreground">{t("edits.none")}</span>
      ) : (
        <span className="flex flex-wrap gap-1.5">
          {urls.map((url, i) => (
            <CommunityImage key={url} src={url} name={`${name} ${i + 1}`} sizes="5rem" className="h-12 w-20 rounded-md" />
          ))}
        </span>
      );
    }
    if (field === "categoryKey") return t(`communities:categories.${value as string}`);
    if (!value) return <span className="text-muted-foreground">{t("edits.none")}</span>;
    return <span className="break-words whitespace-pre-line">{value as string}</span>;
  };

  const changed = FIELDS.filter((f) => item.proposed[f] !== undefined);
  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-2xl border border-border bg-surface p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <h2 id={titleId} className="text-lg font-semibold break-words text-foreground">
          <Link to="/communities/$communityId" params={{ communityId: item.id }} className="hover:underline">
            {name}
          </Link>
        </h2>
        <p className="text-xs text-muted-foreground">
          {t("queue.submittedBy", {
            name: item.creator?.fullName || t("communities:common.unknownUser"),
            email: item.creator?.email ?? "—",
          })}{" "}
          · {relative(item.proposed.submittedAt)}
        </p>
      </div>
      <dl className="space-y-3">
        {changed.map((field) => (
          <div key={field} className="rounded-xl border border-border p-3">
            <dt className="text-sm font-medium text-foreground">{t(`edits.fields.${field}`)}</dt>
            <dd className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
              <div className="min-w-0 rounded-lg bg-muted p-2">
                <p className="mb-1 text-xs font-medium text-muted-foreground">{t("edits.now")}</p>
                {show(field, item.current[field])}
              </div>
              <div className="min-w-0 rounded-lg border border-amber-500/40 bg-amber-500/10 p-2">
                <p className="mb-1 text-xs font-medium text-muted-foreground">{t("edits.proposed")}</p>
                {show(field, item.proposed[field])}
              </div>
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={() => mutation.mutate({ decision: "approve_edit" })}
          loading={mutation.isPending && mutation.variables?.decision === "approve_edit"}
          disabled={mutation.isPending}
          aria-describedby={titleId}
        >
          <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
          {t("decision.approve_edit.action")}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => setRejecting(true)}
          disabled={mutation.isPending}
          aria-describedby={titleId}
        >
          <XCircle className="h-4 w-4" aria-hidden="true" />
          {t("decision.reject_edit.action")}
        </Button>
      </div>
      {rejecting && (
        <DecisionDialog
          open
          onOpenChange={(open) => !open && setRejecting(false)}
          kind="reject_edit"
          communityName={name}
          pending={mutation.isPending}
          serverError={serverError}
          onSubmit={(reason) => mutation.mutate({ decision: "reject_edit", reason })}
        />
      )}
    </article>
  );
}
