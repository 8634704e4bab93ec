import { Link } from "@tanstack/react-router";
import { CreditCard } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { CommunityDetail, CommunityViewer } from "../../../../common/contract/communities";
import { buttonClasses } from "../../../components/ui/button";
import { Banner } from "../review-banner";

/**
 * The owner's way back to a plan they chose and have not paid (its payment declined, or left at the
 * card's bank): the community stays on its plan (Free, for a new one) until then. Leads to the plan's
 * payment page.
 */
export function UnpaidPlanNotice({
  community,
  unpaidPlan,
}: {
  community: Pick<CommunityDetail, "id" | "subscriptionPlan">;
  unpaidPlan: NonNullable<CommunityViewer["unpaidPlan"]>;
}) {
  const { t } = useTranslation("communities");
  const plan = t(`plans.${unpaidPlan.plan}.name`);
  const current = t(`plans.${community.subscriptionPlan}.name`);
  return (
    <Banner tone="amber" icon={<CreditCard className="h-4 w-4" />}>
      <p className="font-semibold">{t("manage.unpaidPlan.title", { plan })}</p>
      <p>{t("manage.unpaidPlan.description", { current })}</p>
      <Link
        to="/payment/input"
        search={{ communityId: community.id, plan: unpaidPlan.plan }}
        className={buttonClasses({ size: "sm", className: "mt-2" })}
      >
        {t("manage.unpaidPlan.payNow")}
      </Link>
    </Banner>
  );
}
