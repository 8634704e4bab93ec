import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { LoginPage } from "../../features/auth/login-page";
import { redirectIfSignedIn } from "../../lib/session";
import { useDocumentTitle } from "../../components/page";
import { validateRedirectSearch } from "../../lib/search";

export const Route = createFileRoute("/auth/login")({
  validateSearch: validateRedirectSearch,
  beforeLoad: redirectIfSignedIn,
  component: LoginRoute,
});

function LoginRoute() {
  const { t } = useTranslation();
  const { redirect } = Route.useSearch();
  useDocumentTitle(t("auth.signIn"));
  return <LoginPage redirectTo={redirect} />;
}
