import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComingSoonPage } from "../../../features/shell/page";

export const Route = createFileRoute("/_main/_protected/communities/join-payment")({ component: JoinPaymentPage });

function JoinPaymentPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.joinPayment")} />;
}
