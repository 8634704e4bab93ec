import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CreatedCommunity } from "../../../../common/contract/communities";
import { ApiError, call } from "../../../lib/api";
import { useCreateMutation } from "../../../lib/create-mutation";
import { useErrorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { PageHeading, useDocumentTitle } from "../../../components/page";
import { includesFeature, planIds, plans, type PlanId } from "../../../../common/catalog";
import { setCurrentCommunityId } from "../../../lib/current-community";
import { meKeys } from "../../../lib/session";
import { clearDraft, saveDraftIssues } from "./draft";
import { toCreateBody, type CommunityFormValues } from "./form-model";
import { PlanCard } from "./plan-card";
import { UnderReviewDialog } from "./under-review-dialog";

/**
 * Step 2: the creator plan. Free creates the community at once; a paid plan creates it (on Free until
 * paid) and goes on to /payment/input to pay for the plan.
 */
export function PlanSelectionPage({ draft }: { draft: CommunityFormValues }) {
  const { t } = useTranslation("communities");
  useDocumentTitle(t("plans.title"));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const [created, setCreated] = useState<CreatedCommunity | null>(null);

  const create = useCreateMutation({
    mutationFn: ({ plan }: { plan: PlanId }, idempotencyKey) =>
      call("POST /api/communities", { body: toCreateBody(draft, plan), idempotencyKey }),
    onSuccess: async (result, { plan }) => {
      clearDraft();
      setCurrentCommunityId(result.community.id);
      await queryClient.invalidateQueries({ queryKey: meKeys.communities() });
      if (plan === "free") return setCreated(result);
      await navigate({ to: "/payment/input", search: { communityId: result.community.id, plan } });
    },
    onError: (err) => {
      const description = err instanceof ApiError && err.message ? errorMessage(err) : t("create.failedDescription");
      toast({ variant: "destructive", title: t("create.failed"), description });
      // Field problems are fixed on the form: take the user back there with the messages in place.
      if (err instanceof ApiError && err.issues.length) {
        saveDraftIssues(err.issues);
        void navigate({ to: "/communities/create" });
      }
    },
  });

  return (
    <div className="mx-auto max-w-6xl">
      <Link to="/communities/create" className="inline-flex items-center gap-1.5 text-sm font-medium text-link hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t("plans.backToDetails")}
      </Link>
      <PageHeading className="mt-3">{t("plans.title")}</PageHeading>
      <p className="mt-1 text-muted-foreground">{t("plans.subtitle", { name: draft.name.trim() })}</p>
      <div className="mt-8 grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
        {planIds.map((id) => (
          <PlanCard
            key={id}
            plan={plans[id]}
            busy={create.isPending || created !== null}
            onChoose={() => create.mutate({ plan: id })}
            unavailable={
              draft.isPaid && !includesFeature(plans[id].features, "paidMemberships") ? t("form.paidNeedsPlan") : undefined
            }
          />
        ))}
      </div>
      <UnderReviewDialog
        open={created !== null}
        name={created?.community.name ?? ""}
        points={created?.pointsEarned ?? 0}
        onUnderstood={() => void navigate({ to: "/" })}
      />
    </div>
  );
}
