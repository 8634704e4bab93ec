import { createFileRoute } from "@tanstack/react-router";
import { AddPaymentMethodPage } from "../../../features/payments/add-payment-method-page";
import { ensureNamespace } from "../../../lib/i18n";

export const Route = createFileRoute("/_main/_protected/add-payment-method")({
  loader: () => ensureNamespace("payments"),
  component: AddPaymentMethodPage,
});
