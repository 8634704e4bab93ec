import { useQuery } from "@tanstack/react-query";
import { Link, useRouter } from "@tanstack/react-router";
import { AlertCircle, CreditCard } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button, buttonClasses } from "../../../components/ui/button";
import { isApiError } from "../../../lib/api";
import { PageHeading, useDocumentTitle } from "../../../components/page";
import { communityQueryOptions } from "../community-api";
import { CommunityLoadError, CommunityNotFound, DetailSkeleton } from "../community-states";
import { PriceLabel } from "../price-label";

type JoinPaymentPageProps = {
  communityId: string | undefined;
  /** 'saved' is the choose-a-card screen, 'new' the enter-a-card screen. */
  step: "saved" | "new";
};

/**
 * Paying to join arrives with the payments issue. Until then both payment screens show what would be
 * paid and say plainly that nothing can be paid (or granted) yet.
 */
export function JoinPaymentPage({ communityId, step }: JoinPaymentPageProps) {
  const { t } = useTranslation("communities");
  useDocumentTitle(step === "saved" ? t("payment.joinTitle") : t("payment.newCardTitle"));
  if (!communityId) return <InvalidPaymentData />;
  return <JoinPaymentSummary communityId={communityId} step={step} />;
}

function JoinPaymentSummary({ communityId, step }: { communityId: string; step: "saved" | "new" }) {
  const { t } = useTranslation("communities");
  const query = useQuery(communityQueryOptions(communityId));
  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    return isApiError(query.error, 404) ? <CommunityNotFound /> : <CommunityLoadError onRetry={() => void query.refetch()} />;
  }
  const { community } = query.data;
  if (!community.isPaid) return <InvalidPaymentData />;

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeading>{step === "saved" ? t("payment.joinTitle") : t("payment.newCardTitle")}</PageHeading>
      <section aria-labelledby="payment-summary" className="space-y-3 rounded-2xl border border-border bg-surface p-5 shadow-sm">
        <h2 id="payment-summary" className="text-sm font-medium text-muted-foreground">
          {t("payment.summary")}
        </h2>
        <p className="text-lg font-semibold break-words text-foreground">{community.name}</p>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-muted-foreground">{t("payment.kind")}</dt>
            <dd className="font-medium text-foreground">
              {community.paymentType === "single" ? t("form.oneTime") : t("form.subscription")}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("payment.price")}</dt>
            <dd className="font-medium text-foreground">
              <PriceLabel
                isPaid={community.isPaid}
                price={community.price}
                paymentType={community.paymentType}
                subscriptionInterval={community.subscriptionInterval}
              />
            </dd>
          </div>
        </dl>
      </section>
      <div
        role="status"
        className="flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        <CreditCard className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <div className="space-y-1 text-sm">
          <p className="font-semibold">{t("payment.unavailableTitle")}</p>
          <p>{t("payment.unavailable")}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Link to="/communities/$communityId" params={{ communityId }} className={buttonClasses({ variant: "outline" })}>
          {t("payment.backToCommunity")}
        </Link>
        <Link to="/communities/explore" className={buttonClasses({ variant: "ghost" })}>
          {t("detail.browse")}
        </Link>
      </div>
    </div>
  );
}

/** 'Invalid payment data' with Go Back (spec 002, Join Payment screen). */
function InvalidPaymentData() {
  const { t } = useTranslation("communities");
  const router = useRouter();
  return (
    <div role="alert" className="flex min-h-[40vh] flex-col items-center justify-center gap-4 text-center">
      <AlertCircle className="h-10 w-10 text-destructive-text" aria-hidden="true" />
      <h1 className="text-xl font-semibold text-foreground">{t("payment.invalid")}</h1>
      <Button variant="outline" onClick={() => router.history.back()}>
        {t("payment.goBack")}
      </Button>
    </div>
  );
}
