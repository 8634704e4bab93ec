import { createFileRoute } from "@tanstack/react-router";
import { PaymentMethodsPage } from "../../../features/payments/payment-methods-page";
import { ensureNamespace } from "../../../lib/i18n";

export const Route = createFileRoute("/_main/_protected/payment-methods")({
  loader: () => ensureNamespace("payments"),
  component: PaymentMethodsPage,
});
