import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ForgotPasswordPage } from "../../features/auth/forgot-password-page";
import { useDocumentTitle } from "../../components/page";

export const Route = createFileRoute("/auth/forgot-password")({ component: ForgotPasswordRoute });

function ForgotPasswordRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t("auth.forgot.title"));
  return <ForgotPasswordPage />;
}
