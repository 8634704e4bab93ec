import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Ban, CheckCircle2, RotateCcw, XCircle } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { ApiError } from "../../lib/api";
import { useErrorMessage } from "../../lib/errors";
import { useRelativeTime } from "../../lib/time";
import { toast } from "../../lib/toast";
import { CommunityImage } from "../../components/community-image";
import { communityKeys } from "../../../common/query-keys";
import type { ReviewDecision } from "../../../common/contract/enums";
import type { ReviewItem } from "../../../common/contract/review";
import { decide, decisionsFor } from "./mutations";
import { adminKeys } from "./queries";
import { DecisionDialog } from "./decision-dialog";

const decisionIcons = { approve: CheckCircle2, reject: XCircle, suspend: Ban, restore: RotateCcw };

/** One community in the review queue, with the decisions its status allows. */
export function ReviewCard({ item }: { item: ReviewItem }) {
  const { t } = useTranslation("admin");
  const relative = useRelativeTime();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<"reject" | "suspend" | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const titleId = `review-${item.id}`;

  const mutation = useMutation({
    mutationFn: ({ decision, reason }: { decision: ReviewDecision; reason?: string }) => decide(item.id, decision, reason),
    onMutate: () => setServerError(null),
    onSuccess: async (_, { decision }) => {
      setDialog(null);
      toast({ variant: "success", title: t(`decision.${decision}.done`, { name: item.name }) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.reviewQueues() }),
        queryClient.invalidateQueries({ queryKey: communityKeys.all() }),
      ]);
    },
    onError: async (err) => {
      const issue = err instanceof ApiError ? err.issues.find((i) => i.path === "reason")?.message : undefined;
      if (issue && dialog) return setServerError(issue);
      setDialog(null);
      toast({ variant: "destructive", title: t("decision.failed"), description: errorMessage(err) });
      // Someone else may have decided first (409): show the queue as it now is.
      await queryClient.invalidateQueries({ queryKey: adminKeys.reviewQueues() });
    },
  });

  const choose = (decision: ReviewDecision) => {
    if (decision === "reject" || decision === "suspend") setDialog(decision);
    else mutation.mutate({ decision });
  };

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-4 shadow-sm sm:flex-row"
    >
      <CommunityImage
        src={item.imageUrls[0]}
        name={item.name}
        sizes="(min-width: 640px) 12rem, 100vw"
        className="aspect-video w-full shrink-0 rounded-xl sm:w-48"
      />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={titleId} className="text-lg font-semibold break-words text-foreground">
            <Link to="/communities/$communityId" params={{ communityId: item.id }} className="hover:underline">
              {item.name}
            </Link>
          </h2>
          <Badge>{t(`communities:categories.${item.categoryKey}`)}</Badge>
        </div>
        <p className="line-clamp-3 text-sm text-foreground/90">{item.description}</p>
        <p className="text-xs text-muted-foreground">
          {t("queue.submittedBy", {
            name: item.creator?.fullName || t("communities:common.unknownUser"),
            email: item.creator?.email ?? "—",
          })}{" "}
          · {relative(item.submittedAt)}
        </p>
        {item.rejectionReason && (
          <p className="rounded-lg bg-muted px-3 py-2 text-sm text-foreground">
            <span className="font-medium">{t("queue.reason")}</span> {item.rejectionReason}
          </p>
        )}
        <div className="flex flex-wrap gap-2 pt-1">
          {decisionsFor[item.reviewStatus].map((decision) => {
            const Icon = decisionIcons[decision];
            const pending = mutation.isPending && mutation.variables?.decision === decision && !dialog;
            return (
              <Button
                key={decision}
                size="sm"
                variant={decision === "approve" || decision === "restore" ? "primary" : "outline"}
                onClick={() => choose(decision)}
                loading={pending}
                disabled={mutation.isPending}
                aria-describedby={titleId}
              >
                <Icon className="h-4 w-4" aria-hidden="true" />
                {t(`decision.${decision}.action`)}
              </Button>
            );
          })}
        </div>
      </div>
      {dialog && (
        <DecisionDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          kind={dialog}
          communityName={item.name}
          pending={mutation.isPending}
          serverError={serverError}
          onSubmit={(reason) => mutation.mutate({ decision: dialog, reason: reason || undefined })}
        />
      )}
    </article>
  );
}
