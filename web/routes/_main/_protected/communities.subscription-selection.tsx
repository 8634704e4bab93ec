import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComingSoonPage } from "../../../features/shell/page";

export const Route = createFileRoute("/_main/_protected/communities/subscription-selection")({
  component: SubscriptionSelectionPage,
});

function SubscriptionSelectionPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.subscriptionSelection")} />;
}
