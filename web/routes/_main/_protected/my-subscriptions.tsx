import { createFileRoute } from "@tanstack/react-router";
import { MySubscriptionsPage } from "../../../features/payments/my-subscriptions-page";
import { ensureNamespace } from "../../../lib/i18n";

export const Route = createFileRoute("/_main/_protected/my-subscriptions")({
  loader: () => ensureNamespace("payments"),
  component: MySubscriptionsPage,
});
