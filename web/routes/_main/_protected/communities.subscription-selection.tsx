import { createFileRoute } from "@tanstack/react-router";
import { PlanSelectionRoute } from "../../../features/communities/create/plan-selection-route";
import { ensureNamespace } from "../../../lib/i18n";

export const Route = createFileRoute("/_main/_protected/communities/subscription-selection")({
  loader: () => ensureNamespace("communities"),
  component: PlanSelectionRoute,
});
