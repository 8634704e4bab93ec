import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { RegisterPage } from "../../features/auth/register-page";
import { redirectIfSignedIn } from "../../lib/session";
import { useDocumentTitle } from "../../components/page";
import { validateRedirectSearch } from "../../lib/search";

export const Route = createFileRoute("/auth/register")({
  validateSearch: validateRedirectSearch,
  beforeLoad: redirectIfSignedIn,
  component: RegisterRoute,
});

function RegisterRoute() {
  const { t } = useTranslation();
  const { redirect } = Route.useSearch();
  useDocumentTitle(t("auth.createAccount"));
  return <RegisterPage redirectTo={redirect} />;
}
