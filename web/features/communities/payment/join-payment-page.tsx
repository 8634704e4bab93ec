import { useQuery } from "@tanstack/react-query";
import { Link, Navigate } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { PageHeading, useDocumentTitle } from "../../../components/page";
import { cardBody, CardFields, useCardForm, validateCard } from "../../../components/payments/card-form";
import { PaymentFailure } from "../../../components/payments/payment-failure";
import { cardIssues } from "../../../components/payments/payment-flow";
import { SavedCardLabel } from "../../../components/payments/saved-card-label";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api";
import { formatGel } from "../../../lib/format/money";
import { paymentMethodsQueryOptions } from "../../../lib/payments";
import { useSession } from "../../../lib/session";
import { communityQueryOptions } from "../queries";
import { CommunityLoadError, CommunityNotFound, DetailSkeleton } from "../community-states";
import { PriceLabel } from "../price-label";
import { InvalidPaymentData } from "./invalid-payment-data";
import { usePayToJoin } from "./use-pay-to-join";

type JoinPaymentPageProps = {
  communityId: string | undefined;
  /** 'saved' is the choose-a-card screen, 'new' the enter-a-card screen. */
  step: "saved" | "new";
};

/** Paying to join (spec 002): with a saved card ('saved') or a new one ('new'), after a summary of what is paid. */
export function JoinPaymentPage({ communityId, step }: JoinPaymentPageProps) {
  const { t } = useTranslation("communities");
  useDocumentTitle(step === "saved" ? t("payment.joinTitle") : t("payment.newCardTitle"));
  if (!communityId) return <InvalidPaymentData />;
  return <JoinPaymentSummary communityId={communityId} step={step} />;
}

function JoinPaymentSummary({ communityId, step }: { communityId: string; step: "saved" | "new" }) {
  const { t } = useTranslation("communities");
  const query = useQuery(communityQueryOptions(communityId));
  // From the new-card form, back goes to the saved cards only when there are some to choose from.
  const savedCount = useQuery({ ...paymentMethodsQueryOptions(), select: (data) => data.items.length });
  const backToCards = step === "new" && (savedCount.data ?? 0) > 0;
  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    return isApiError(query.error, 404) ? <CommunityNotFound /> : <CommunityLoadError onRetry={() => void query.refetch()} />;
  }
  const { community } = query.data;
  if (!community.isPaid) return <InvalidPaymentData />;

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <div>
        {/* Back where the payer came from: the community's page, or the saved cards from the new-card form. */}
        <Link
          to={backToCards ? "/communities/join-payment" : "/communities/$communityId"}
          params={backToCards ? undefined : { communityId: community.id }}
          search={backToCards ? { communityId: community.id } : undefined}
          className="inline-flex items-center gap-1 text-sm font-medium text-link hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {t("common.back", { ns: "translation" })}
        </Link>
        <PageHeading className="mt-2">{step === "saved" ? t("payment.joinTitle") : t("payment.newCardTitle")}</PageHeading>
      </div>
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
      {step === "saved" ? <SavedCardPayment community={community} /> : <NewCardPayment community={community} />}
    </div>
  );
}

type PayingCommunity = { id: string; name: string; price: number; paymentType: "subscription" | "single" | null };

function PayButton({ community, pending }: { community: PayingCommunity; pending: boolean }) {
  const { t, i18n } = useTranslation("communities");
  return (
    <Button type="submit" size="lg" className="w-full" loading={pending}>
      {pending ? t("payment.paying") : t("payment.pay", { price: formatGel(community.price, i18n.language) })}
    </Button>
  );
}

/** Choose a saved card (the default one preselected) and pay; or go to the new-card form. */
function SavedCardPayment({ community }: { community: PayingCommunity }) {
  const { t } = useTranslation("communities");
  const cards = useQuery(paymentMethodsQueryOptions());
  const [chosen, setChosen] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const payment = usePayToJoin(community);
  const saved = cards.data?.items;
  const selected = chosen ?? saved?.find((c) => c.isDefault)?.id ?? saved?.[0]?.id ?? null;

  if (cards.isPending) return <div className="h-32 animate-pulse rounded-2xl bg-muted" aria-hidden="true" />;
  if (cards.isError) {
    return (
      <LoadError
        message={t("payment.cardsFailed")}
        retryLabel={t("common.tryAgain", { ns: "translation" })}
        onRetry={() => void cards.refetch()}
      />
    );
  }
  // A first-time payer has no card to choose: straight to the card form (replacing this step in history).
  if (cards.data.items.length === 0) {
    return <Navigate to="/communities/join-payment-input" search={{ communityId: community.id }} replace />;
  }
  const newCardLink = (
    <Link
      to="/communities/join-payment-input"
      search={{ communityId: community.id }}
      className={buttonClasses({ variant: "outline" })}
    >
      {t("payment.useNewCard")}
    </Link>
  );
  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!selected) return setMissing(true);
        setMissing(false);
        payment.pay({ paymentMethodId: selected });
      }}
    >
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-foreground">
          {t("payment.savedCards", { count: cards.data.items.length })}
        </legend>
        {cards.data.items.map((card) => (
          <label
            key={card.id}
            className="flex cursor-pointer items-center gap-3 rounded-xl border border-border bg-surface p-4 has-[:checked]:border-primary"
          >
            <input
              type="radio"
              name="payment-method"
              value={card.id}
              checked={selected === card.id}
              onChange={() => setChosen(card.id)}
              className="h-4 w-4 accent-primary"
            />
            <SavedCardLabel card={card} />
          </label>
        ))}
      </fieldset>
      {(missing || payment.issues.some((i) => i.path === "paymentMethodId")) && (
        <p role="alert" className="text-sm text-destructive-text">
          {t("payments.selectMethod", { ns: "translation" })}
        </p>
      )}
      {payment.problem && (
        <p role="alert" className="text-sm text-destructive-text">
          {payment.problem}
        </p>
      )}
      <PaymentFailure failure={payment.failure} />
      <div className="flex flex-wrap gap-3">{newCardLink}</div>
      <PayButton community={community} pending={payment.isPending} />
      {payment.dialog}
    </form>
  );
}

/** The spec's card form: number, expiry, CVV, cardholder, read-only e-mail, 'Save card for future payments'. */
function NewCardPayment({ community }: { community: PayingCommunity }) {
  const { t } = useTranslation("communities");
  const session = useSession();
  const email = session.user?.email ?? "";
  const form = useCardForm();
  const [saveCard, setSaveCard] = useState(true);
  const payment = usePayToJoin(community);
  const mode = useQuery({ ...paymentMethodsQueryOptions(), select: (d) => d.mode });
  const serverErrors = cardIssues(payment.issues, "pay");
  if (mode.data === "hosted") {
    return (
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          payment.pay({ hosted: true });
        }}
      >
        <p className="text-sm text-muted-foreground">{t("payment.hostedNote")}</p>
        <PaymentFailure failure={payment.failure} />
        <PayButton community={community} pending={payment.isPending} />
      </form>
    );
  }
  const errors = { ...serverErrors, ...form.errors };
  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const found = validateCard(form.values, "pay");
        form.setErrors(found);
        if (Object.keys(found).length > 0) return;
        payment.pay({ card: cardBody(form.values), saveCard, email: email || undefined });
      }}
    >
      <CardFields values={form.values} errors={errors} onChange={form.change} disabled={payment.isPending} />
      <Field label={t("payments.email", { ns: "translation" })}>
        <Input type="email" value={email} readOnly autoComplete="email" />
      </Field>
      <Checkbox
        label={t("payments.saveCard", { ns: "translation" })}
        checked={saveCard}
        onChange={(e) => setSaveCard(e.target.checked)}
      />
      {community.paymentType === "subscription" && (
        <p className="text-sm text-muted-foreground">{t(saveCard ? "payment.subscriptionNote" : "payment.noRenewalNote")}</p>
      )}
      {payment.problem && (
        <p role="alert" className="text-sm text-destructive-text">
          {payment.problem}
        </p>
      )}
      <PaymentFailure failure={payment.failure} />
      <PayButton community={community} pending={payment.isPending} />
      {payment.dialog}
    </form>
  );
}
