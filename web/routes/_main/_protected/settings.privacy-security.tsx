import { createFileRoute } from "@tanstack/react-router";
import { PrivacySecurityPage } from "../../../features/account/privacy-security-page";
import { ensureNamespace } from "../../../lib/i18n";

export const Route = createFileRoute("/_main/_protected/settings/privacy-security")({
  // The link in the new address's verification mail comes back here with ?email=changed.
  validateSearch: (search: Record<string, unknown>): { email?: "changed" } =>
    search.email === "changed" ? { email: "changed" } : {},
  loader: () => ensureNamespace("account"),
  component: PrivacySecurityRoute,
});

function PrivacySecurityRoute() {
  const { email } = Route.useSearch();
  return <PrivacySecurityPage emailChanged={email === "changed"} />;
}
