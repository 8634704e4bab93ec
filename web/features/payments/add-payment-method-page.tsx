import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../components/load-error";
import { PageHeading, useDocumentTitle } from "../../components/page";
import { cardBody, CardFields, useCardForm, validateCard } from "../../components/payments/card-form";
import { PaymentFailure } from "../../components/payments/payment-failure";
import { cardIssues, usePaymentFlow } from "../../components/payments/payment-flow";
import { Button } from "../../components/ui/button";
import { ApiError, call } from "../../lib/api";
import { useCreateMutation } from "../../lib/create-mutation";
import { paymentKeys, paymentMethodsQueryOptions } from "../../lib/payments";
import { toast } from "../../lib/toast";
import { useState } from "react";

type AddCard = { card: ReturnType<typeof cardBody> } | { hosted: true };

/**
 * /add-payment-method: the card is checked with a small charge refunded at once. In direct mode the
 * card is typed here; in hosted mode on Flitt's page, which returns to the saved cards.
 */
export function AddPaymentMethodPage() {
  const { t } = useTranslation("payments");
  useDocumentTitle(t("add.title"));
  const client = useQueryClient();
  const navigate = useNavigate();
  const form = useCardForm();
  const mode = useQuery({ ...paymentMethodsQueryOptions(), select: (d) => d.mode });
  const [issues, setIssues] = useState<{ path: string; message: string }[]>([]);
  const flow = usePaymentFlow("save", {
    onApproved: async () => {
      toast({ variant: "success", title: t("add.saved") });
      await client.invalidateQueries({ queryKey: paymentKeys.methods() });
      await navigate({ to: "/payment-methods" });
    },
    onFailed: () => toast({ variant: "destructive", title: t("add.saveFailed") }),
  });
  const save = useCreateMutation({
    mutationFn: (body: AddCard, idempotencyKey: string) => call("POST /api/payments/methods", { body, idempotencyKey }),
    onMutate: () => setIssues([]),
    onSuccess: (result) => flow.handle(result),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 422) return setIssues(err.issues);
      toast({ variant: "destructive", title: t("add.saveFailed") });
    },
  });
  const errors = { ...cardIssues(issues, "save"), ...form.errors };
  const panel = "space-y-4 rounded-2xl border border-border bg-surface p-5 shadow-sm";
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeading>{t("add.title")}</PageHeading>
      {mode.isPending ? (
        <div className="h-64 animate-pulse rounded-2xl bg-muted" aria-hidden="true" />
      ) : mode.isError ? (
        <LoadError
          message={t("methods.loadFailed")}
          retryLabel={t("common.tryAgain", { ns: "translation" })}
          onRetry={() => void mode.refetch()}
        />
      ) : mode.data === "hosted" ? (
        <form
          className={panel}
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ hosted: true });
          }}
        >
          <p className="text-sm text-muted-foreground">{t("add.hostedNote")}</p>
          <p className="text-sm text-muted-foreground">{t("add.note")}</p>
          <PaymentFailure failure={flow.failure} />
          <Button type="submit" className="w-full" loading={save.isPending}>
            {save.isPending ? t("add.saving") : t("add.continueHosted")}
          </Button>
        </form>
      ) : (
        <form
          className={panel}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const found = validateCard(form.values, "save");
            form.setErrors(found);
            if (Object.keys(found).length === 0) save.mutate({ card: cardBody(form.values) });
          }}
        >
          <CardFields values={form.values} errors={errors} onChange={form.change} disabled={save.isPending} />
          <p className="text-sm text-muted-foreground">{t("add.note")}</p>
          <PaymentFailure failure={flow.failure} />
          <Button type="submit" className="w-full" loading={save.isPending}>
            {save.isPending ? t("add.saving") : t("add.save")}
          </Button>
          {flow.dialog}
        </form>
      )}
    </div>
  );
}
