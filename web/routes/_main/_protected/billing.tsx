import { createFileRoute } from "@tanstack/react-router";
import { BillingRoute } from "../../../features/payments/billing-page";
import { ensureNamespace } from "../../../lib/i18n";

// The history and its receipts (?receipt=<id>) are one route, read in its lazy chunk: the route
// table is first-route code.
export const Route = createFileRoute("/_main/_protected/billing")({
  loader: () => ensureNamespace("payments"),
  component: BillingRoute,
});
