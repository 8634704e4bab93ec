import { createFileRoute } from "@tanstack/react-router";
import { PlanPaymentPage } from "../../../features/communities/payment/plan-payment-page";
import { ensureNamespace } from "../../../lib/i18n";

export const Route = createFileRoute("/_main/_protected/payment/input")({
  loader: () => ensureNamespace("communities"),
  component: PlanPaymentPage,
});
