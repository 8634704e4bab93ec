import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Subscription } from "../../../common/contract/payments";
import { LoadError } from "../../components/load-error";
import { PageHeading, useDocumentTitle } from "../../components/page";
import { Button, buttonClasses } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { call, isApiError } from "../../lib/api";
import { useFormatter } from "../../lib/format/formatter";
import { formatGel } from "../../lib/format/money";
import { subscriptionsQueryOptions } from "../../lib/payments";
import { toast } from "../../lib/toast";

/** Active = still paid for (active, or cancelled before its period ends); the rest is past. */
const isCurrent = (s: Subscription, now: number) =>
  s.status === "active" || (s.status === "cancelled" && s.currentPeriodEnd > now);

/** /my-subscriptions: community and creator-plan subscriptions, cancel to the period end, resubscribe. */
export function MySubscriptionsPage() {
  const { t } = useTranslation("payments");
  useDocumentTitle(t("subscriptions.title"));
  const subs = useQuery(subscriptionsQueryOptions());
  // The page's moment: a period ending while it is open moves on the next visit.
  const [now] = useState(() => Date.now());
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading>{t("subscriptions.title")}</PageHeading>
        <Link to="/billing" className={buttonClasses({ variant: "outline" })}>
          {t("billing.link")}
        </Link>
      </div>
      {subs.isPending ? (
        <div className="space-y-3" aria-hidden="true">
          {[0, 1].map((i) => (
            <div key={i} className="h-24 animate-pulse rounded-2xl bg-muted" />
          ))}
        </div>
      ) : subs.isError ? (
        <LoadError
          message={t("subscriptions.loadFailed")}
          retryLabel={t("common.tryAgain", { ns: "translation" })}
          onRetry={() => void subs.refetch()}
        />
      ) : subs.data.length === 0 ? (
        <div className="space-y-3 rounded-2xl border border-dashed border-border p-10 text-center">
          <p className="font-medium text-foreground">{t("subscriptions.empty")}</p>
          <Link to="/communities/explore" className={buttonClasses({ variant: "outline" })}>
            {t("subscriptions.explore")}
          </Link>
        </div>
      ) : (
        <>
          <SubscriptionList title={t("subscriptions.active")} items={subs.data.filter((s) => isCurrent(s, now))} />
          <SubscriptionList title={t("subscriptions.past")} items={subs.data.filter((s) => !isCurrent(s, now))} />
        </>
      )}
    </div>
  );
}

function SubscriptionList({ title, items }: { title: string; items: Subscription[] }) {
  if (items.length === 0) return null;
  const id = `subs-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-foreground">
        {title}
      </h2>
      <ul className="space-y-3">
        {items.map((s) => (
          <SubscriptionRow key={s.id} subscription={s} />
        ))}
      </ul>
    </section>
  );
}

const statusKeys: Record<string, string> = { active: "status.active", cancelled: "status.cancelled", expired: "status.expired" };

function SubscriptionRow({ subscription: s }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation("payments");
  const format = useFormatter();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const end = format.longDate(s.currentPeriodEnd);
  const replace = (next: Subscription) =>
    client.setQueryData(subscriptionsQueryOptions().queryKey, (old) => old?.map((x) => (x.id === next.id ? next : x)));
  const cancel = useMutation({
    mutationFn: () => call("POST /api/payments/subscriptions/:id/cancel", { params: { id: s.id } }),
    onSuccess: (next) => {
      replace(next);
      setConfirming(false);
      toast({ variant: "success", title: t("subscriptions.cancelled", { date: end }) });
    },
    onError: () => toast({ variant: "destructive", title: t("subscriptions.cancelFailed") }),
  });
  const resubscribe = useMutation({
    mutationFn: () => call("POST /api/payments/subscriptions/:id/resubscribe", { params: { id: s.id } }),
    onSuccess: (next) => {
      replace(next);
      toast({ variant: "success", title: t("subscriptions.resubscribed") });
    },
    // A conflict says why in the reader's language (its period is over, or no card is saved to renew with).
    onError: (err) =>
      toast({
        variant: "destructive",
        title: isApiError(err, 409) ? err.message : t("subscriptions.resubscribeFailed"),
      }),
  });
  const name =
    s.type === "creator_plan"
      ? t("subscriptions.creatorPlan", { plan: s.plan ? t(`plans.${s.plan}`) : "", community: s.community.name })
      : s.community.name;
  const dateLine =
    s.status === "active"
      ? t("subscriptions.nextBilling", { date: end })
      : s.status === "cancelled" && s.canResubscribe
        ? t("subscriptions.endsOn", { date: end })
        : t("subscriptions.endedOn", { date: end });
  return (
    <li className="space-y-3 rounded-2xl border border-border bg-surface p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-foreground">{name}</p>
          <p className="text-sm text-muted-foreground">
            {t("subscriptions.price", { price: formatGel(s.amount, i18n.language), interval: t(`intervals.${s.interval}`) })}
          </p>
        </div>
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-foreground">
          {t(statusKeys[s.status] ?? "status.unknown")}
        </span>
      </div>
      <p className="text-sm text-foreground">{dateLine}</p>
      <div className="flex flex-wrap gap-2">
        {s.status === "active" && (
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            {t("subscriptions.cancel")}
          </Button>
        )}
        {s.canResubscribe && (
          <Button size="sm" loading={resubscribe.isPending} onClick={() => resubscribe.mutate()}>
            {t("subscriptions.resubscribe")}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("subscriptions.cancelTitle")}
        description={t("subscriptions.cancelBody", { date: end })}
        confirmLabel={t("subscriptions.cancel")}
        cancelLabel={t("subscriptions.keep")}
        destructive
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate()}
      />
    </li>
  );
}
