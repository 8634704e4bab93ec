import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { CommunityPayment } from "../../../../../common/contract/billing";
import { LoadError } from "../../../../components/load-error";
import { Button } from "../../../../components/ui/button";
import { Dialog } from "../../../../components/ui/dialog";
import { Field } from "../../../../components/ui/field";
import { Input } from "../../../../components/ui/input";
import { ApiError, call } from "../../../../lib/api";
import { useFormatter } from "../../../../lib/format/formatter";
import { formatGel } from "../../../../lib/format/money";
import { toast } from "../../../../lib/toast";

const paymentsQueryOptions = (communityId: string) =>
  queryOptions({
    queryKey: ["communities", communityId, "payments"] as const,
    queryFn: ({ signal }) => call("GET /api/payments/communities/:id", { params: { id: communityId }, signal }),
  });

/** A fresh key for each refund asked for: a retry of the same request then refunds once. */
const refundKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

/** The community's Payments tab: who paid what and when, refunds, failed and next renewals. */
export default function PaymentsPanel({ communityId }: { communityId: string }) {
  const { t, i18n } = useTranslation("communities");
  const gel = (tetri: number) => formatGel(tetri, i18n.language);
  const format = useFormatter();
  const query = useQuery(paymentsQueryOptions(communityId));
  const [refunding, setRefunding] = useState<CommunityPayment | null>(null);
  if (query.isPending) return <div className="h-40 animate-pulse rounded-2xl bg-muted" aria-hidden="true" />;
  if (query.isError)
    return (
      <LoadError
        message={t("manage.payments.loadFailed")}
        retryLabel={t("common.tryAgain", { ns: "translation" })}
        onRetry={() => void query.refetch()}
      />
    );
  const { items, upcoming, canRefund } = query.data;
  return (
    <div className="space-y-8">
      <section aria-labelledby="payments-received" className="space-y-3">
        <h2 id="payments-received" className="text-lg font-semibold text-foreground">
          {t("manage.payments.received")}
        </h2>
        {items.length === 0 ? (
          <p className="text-muted-foreground">{t("manage.payments.empty")}</p>
        ) : (
          <ul className="divide-y divide-border rounded-2xl border border-border bg-surface">
            {items.map((p) => {
              const left = p.status === "approved" ? p.amount - p.refunded : 0;
              return (
                <li key={p.orderId} className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <p className="font-medium break-words text-foreground">
                      {p.payer?.fullName ?? t("manage.payments.deletedAccount")}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {t(`manage.payments.kinds.${p.kind}`)} · {format.dateTime(p.createdAt)}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-3">
                    <div className="text-right">
                      <p className="font-semibold text-foreground tabular-nums">{gel(p.amount)}</p>
                      <p className="text-sm text-muted-foreground">
                        {p.refunded > 0 && p.status === "approved"
                          ? t("manage.payments.partlyRefunded", { amount: gel(p.refunded) })
                          : t(
                              `manage.payments.statuses.${p.status === "declined" ? "declined" : p.status === "reversed" ? "reversed" : "approved"}`,
                            )}
                      </p>
                    </div>
                    {canRefund && left > 0 && (
                      <Button variant="outline" size="sm" onClick={() => setRefunding(p)}>
                        {t("manage.payments.refund")}
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="payments-upcoming" className="space-y-3">
        <h2 id="payments-upcoming" className="text-lg font-semibold text-foreground">
          {t("manage.payments.upcoming")}
        </h2>
        {upcoming.length === 0 ? (
          <p className="text-muted-foreground">{t("manage.payments.noUpcoming")}</p>
        ) : (
          <ul className="divide-y divide-border rounded-2xl border border-border bg-surface">
            {upcoming.map((u) => (
              <li key={u.subscriptionId} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <p className="font-medium break-words text-foreground">
                    {u.payer?.fullName ?? t("manage.payments.deletedAccount")}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {t("manage.payments.renewsOn", { date: format.longDate(u.currentPeriodEnd) })}
                    {u.renewalFailures > 0 && ` · ${t("manage.payments.failedTries", { count: u.renewalFailures })}`}
                  </p>
                </div>
                <p className="font-semibold text-foreground tabular-nums">{gel(u.amount)}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      {refunding && <RefundDialog communityId={communityId} payment={refunding} onClose={() => setRefunding(null)} />}
    </div>
  );
}

function RefundDialog({
  communityId,
  payment,
  onClose,
}: {
  communityId: string;
  payment: CommunityPayment;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("communities");
  const gel = (tetri: number) => formatGel(tetri, i18n.language);
  const client = useQueryClient();
  const left = payment.amount - payment.refunded;
  const [value, setValue] = useState((left / 100).toFixed(2));
  const [key] = useState(refundKey);
  const [error, setError] = useState<string | null>(null);
  const refund = useMutation({
    mutationFn: (amount: number) =>
      call("POST /api/payments/orders/:id/refund", { params: { id: payment.orderId }, body: { amount, key } }),
    onSuccess: (after) => {
      void client.invalidateQueries({ queryKey: paymentsQueryOptions(communityId).queryKey });
      toast({
        variant: "success",
        title: after.status === "reversed" ? t("manage.payments.refundedFull") : t("manage.payments.refundedPart"),
      });
      onClose();
    },
    onError: (e) => {
      const issue = e instanceof ApiError ? e.issues.find((i) => i.path === "amount") : undefined;
      if (issue) setError(issue.message);
      else toast({ variant: "destructive", title: t("manage.payments.refundFailed") });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tetri = Math.round(Number(value.replace(",", ".")) * 100);
    if (!Number.isFinite(tetri) || tetri <= 0 || tetri > left) {
      setError(t("manage.payments.amountInvalid", { max: gel(left) }));
      return;
    }
    setError(null);
    refund.mutate(tetri);
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !refund.isPending && onClose()} title={t("manage.payments.refundTitle")}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-muted-foreground">
          {t("manage.payments.refundBody", { name: payment.payer?.fullName ?? "", max: gel(left) })}
        </p>
        <Field label={t("manage.payments.amount")} error={error}>
          <Input inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" />
        </Field>
        <p className="text-sm text-muted-foreground">{t("manage.payments.refundRule")}</p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose} disabled={refund.isPending}>
            {t("common.cancel", { ns: "translation" })}
          </Button>
          <Button type="submit" variant="destructive" disabled={refund.isPending}>
            {t("manage.payments.confirmRefund")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
