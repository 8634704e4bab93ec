import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { COMMUNITY_CREATION_BONUS, plans, type PlanId } from "../../../../common/catalog";
import { PageHeading, useDocumentTitle } from "../../../components/page";
import { cardBody, CardFields, useCardForm, validateCard } from "../../../components/payments/card-form";
import { PaymentFailure } from "../../../components/payments/payment-failure";
import { cardIssues, usePaymentFlow } from "../../../components/payments/payment-flow";
import { Checkbox } from "../../../components/ui/checkbox";
import { SavedCardLabel } from "../../../components/payments/saved-card-label";
import { Button } from "../../../components/ui/button";
import { ApiError, call } from "../../../lib/api";
import { useCreateMutation } from "../../../lib/create-mutation";
import { formatGel } from "../../../lib/format/money";
import { paymentKeys, paymentMethodsQueryOptions } from "../../../lib/payments";
import { toast } from "../../../lib/toast";
import { useQueryClient } from "@tanstack/react-query";
import { communityQueryOptions, refreshCommunity } from "../queries";
import { UnderReviewDialog } from "../create/under-review-dialog";
import { InvalidPaymentData } from "./invalid-payment-data";

type PaidPlan = Exclude<PlanId, "free">;
const NEW_CARD = "new";

/** /payment/input: paying for the creator plan chosen for a new community (a saved card or a new one). */
export function PlanPaymentPage({ communityId, plan }: { communityId?: string; plan?: string }) {
  const { t } = useTranslation("communities");
  useDocumentTitle(t("translation:pages.paymentInput"));
  if (!communityId || (plan !== "starter" && plan !== "premium" && plan !== "business")) return <InvalidPaymentData />;
  return <PlanPayment communityId={communityId} plan={plan} />;
}

function PlanPayment({ communityId, plan }: { communityId: string; plan: PaidPlan }) {
  const { t, i18n } = useTranslation("communities");
  const navigate = useNavigate();
  const client = useQueryClient();
  const cards = useQuery(paymentMethodsQueryOptions());
  const community = useQuery(communityQueryOptions(communityId));
  const form = useCardForm();
  const [chosen, setChosen] = useState<string | null>(null);
  const [issues, setIssues] = useState<{ path: string; message: string }[]>([]);
  const [done, setDone] = useState(false);
  // Asked, not assumed: the plan renews by charging the saved card, so without one it ends with its month.
  const [saveCard, setSaveCard] = useState(true);
  const saved = cards.data?.items ?? [];
  const selected = chosen ?? saved.find((c) => c.isDefault)?.id ?? saved[0]?.id ?? NEW_CARD;
  const planName = t(`plans.${plan}.name`);

  const flow = usePaymentFlow("pay", {
    onApproved: () => {
      toast({ variant: "success", title: t("payment.planActive", { plan: planName }) });
      void client.invalidateQueries({ queryKey: paymentKeys.all() });
      void refreshCommunity(client, communityId);
      // A new community waits for review (the dialog says so); one paid later from its settings goes back there.
      if (community.data?.community.reviewStatus === "under_review") setDone(true);
      else void navigate({ to: "/settings" });
    },
    onFailed: (key) => toast({ variant: "destructive", title: t(key, { ns: "translation" }) }),
  });
  // An unfinished payment for the plan (its 3-D Secure dialog closed, here or earlier) does not hold
  // this one back: the payer is here to pay now (see usePaymentFlow).
  const abandonedOrderId = () => flow.abandonedOrderId ?? community.data?.viewer.unpaidPlan?.unfinishedOrderId ?? undefined;
  const pay = useCreateMutation({
    mutationFn: (
      body: { paymentMethodId?: string; card?: ReturnType<typeof cardBody>; abandonedOrderId?: string },
      idempotencyKey: string,
    ) => call("POST /api/payments/plan", { body: { communityId, plan, saveCard, ...body }, idempotencyKey }),
    onMutate: () => setIssues([]),
    onSuccess: (result) => flow.handle(result),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 422) return setIssues(err.issues);
      toast({
        variant: "destructive",
        title: err instanceof ApiError && err.status === 409 ? err.message : t("payments.paymentFailed", { ns: "translation" }),
      });
    },
  });
  const errors = { ...cardIssues(issues, "pay"), ...form.errors };

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeading>{t("payment.planTitle", { plan: planName })}</PageHeading>
      <section aria-labelledby="plan-summary" className="rounded-2xl border border-border bg-surface p-5 shadow-sm">
        <h2 id="plan-summary" className="text-lg font-semibold text-foreground">
          {planName}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t("payment.planPrice", { price: formatGel(plans[plan].price, i18n.language) })} ·{" "}
          {t(`plans.features.${plans[plan].features[0]}`)}
        </p>
      </section>
      <form
        className="space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (selected !== NEW_CARD) return pay.mutate({ paymentMethodId: selected, abandonedOrderId: abandonedOrderId() });
          const found = validateCard(form.values, "pay");
          form.setErrors(found);
          if (Object.keys(found).length === 0) pay.mutate({ card: cardBody(form.values), abandonedOrderId: abandonedOrderId() });
        }}
      >
        {saved.length > 0 && (
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-foreground">{t("payment.savedCards", { count: saved.length })}</legend>
            {saved.map((card) => (
              <label
                key={card.id}
                className="flex cursor-pointer items-center gap-3 rounded-xl border border-border bg-surface p-4"
              >
                <input
                  type="radio"
                  name="plan-card"
                  checked={selected === card.id}
                  onChange={() => setChosen(card.id)}
                  className="h-4 w-4 accent-primary"
                />
                <SavedCardLabel card={card} />
              </label>
            ))}
            <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-border bg-surface p-4">
              <input
                type="radio"
                name="plan-card"
                checked={selected === NEW_CARD}
                onChange={() => setChosen(NEW_CARD)}
                className="h-4 w-4 accent-primary"
              />
              <span className="font-medium text-foreground">{t("payment.useNewCard")}</span>
            </label>
          </fieldset>
        )}
        {selected === NEW_CARD && (
          <>
            <CardFields values={form.values} errors={errors} onChange={form.change} disabled={pay.isPending} />
            <Checkbox
              label={t("payments.saveCard", { ns: "translation" })}
              checked={saveCard}
              onChange={(e) => setSaveCard(e.target.checked)}
            />
          </>
        )}
        <p className="text-sm text-muted-foreground">
          {t(selected === NEW_CARD && !saveCard ? "payment.noRenewalNote" : "payment.subscriptionNote")}
        </p>
        <PaymentFailure failure={flow.failure} />
        <Button type="submit" size="lg" className="w-full" loading={pay.isPending}>
          {t("payment.pay", { price: formatGel(plans[plan].price, i18n.language) })}
        </Button>
        {flow.dialog}
      </form>
      <UnderReviewDialog
        open={done}
        name={community.data?.community.name ?? ""}
        points={COMMUNITY_CREATION_BONUS}
        onUnderstood={() => void navigate({ to: "/" })}
      />
    </div>
  );
}
