import { Link } from "@tanstack/react-router";
import { CreditCard } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buttonClasses } from "../../../components/ui/button";
import { PageHeading, useDocumentTitle } from "../../../components/page";

/** /payment/input: where a paid creator plan would be paid. Not available yet, so it creates nothing. */
export function PlanPaymentPage() {
  const { t } = useTranslation("communities");
  const title = t("translation:pages.paymentInput");
  useDocumentTitle(title);
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeading>{title}</PageHeading>
      <div
        role="status"
        className="flex items-start gap-3 rounded-2xl border border-dashed border-input bg-surface p-5 text-foreground"
      >
        <CreditCard className="mt-0.5 h-5 w-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm">{t("payment.planUnavailable")}</p>
      </div>
      <Link to="/communities/subscription-selection" className={buttonClasses({ variant: "outline" })}>
        {t("payment.backToPlans")}
      </Link>
    </div>
  );
}
