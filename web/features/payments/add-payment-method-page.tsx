import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { PageHeading, useDocumentTitle } from "../../components/page";
import { cardBody, CardFields, useCardForm, validateCard } from "../../components/payments/card-form";
import { cardIssues, usePaymentFlow } from "../../components/payments/payment-flow";
import { Button } from "../../components/ui/button";
import { ApiError, call } from "../../lib/api";
import { useCreateMutation } from "../../lib/create-mutation";
import { paymentKeys } from "../../lib/payments";
import { toast } from "../../lib/toast";
import { useState } from "react";

/** /add-payment-method: the card form; the card is checked with a small charge refunded at once. */
export function AddPaymentMethodPage() {
  const { t } = useTranslation("payments");
  useDocumentTitle(t("add.title"));
  const client = useQueryClient();
  const navigate = useNavigate();
  const form = useCardForm();
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
    mutationFn: (card: ReturnType<typeof cardBody>, idempotencyKey: string) =>
      call("POST /api/payments/methods", { body: { card }, idempotencyKey }),
    onMutate: () => setIssues([]),
    onSuccess: (result) => flow.handle(result),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 422) return setIssues(err.issues);
      toast({ variant: "destructive", title: t("add.saveFailed") });
    },
  });
  const errors = { ...cardIssues(issues, "save"), ...form.errors };
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeading>{t("add.title")}</PageHeading>
      <form
        className="space-y-4 rounded-2xl border border-border bg-surface p-5 shadow-sm"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const found = validateCard(form.values, "save");
          form.setErrors(found);
          if (Object.keys(found).length === 0) save.mutate(cardBody(form.values));
        }}
      >
        <CardFields values={form.values} errors={errors} onChange={form.change} disabled={save.isPending} />
        <p className="text-sm text-muted-foreground">{t("add.note")}</p>
        <Button type="submit" className="w-full" loading={save.isPending}>
          {save.isPending ? t("add.saving") : t("add.save")}
        </Button>
        {flow.dialog}
      </form>
    </div>
  );
}
