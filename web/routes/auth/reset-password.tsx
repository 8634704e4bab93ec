import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ResetPasswordPage } from "../../features/auth/reset-password-page";
import { useDocumentTitle } from "../../components/page";
import { optionalString } from "../../lib/search";

export const Route = createFileRoute("/auth/reset-password")({
  validateSearch: (search: Record<string, unknown>): { token?: string; error?: string } => {
    const token = optionalString(search.token);
    const error = optionalString(search.error);
    return { ...(token ? { token } : {}), ...(error ? { error } : {}) };
  },
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t("auth.reset.title"));
  return <ResetPasswordPage search={Route.useSearch()} />;
}
