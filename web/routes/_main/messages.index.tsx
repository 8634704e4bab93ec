import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { PageSpinner } from "../../components/ui/spinner";
import { useSession } from "../../lib/session";
import { ComingSoonPage, SignInPrompt } from "../../components/page";

export const Route = createFileRoute("/_main/messages/")({ component: MessagesPage });

/** Open to visitors, who are asked to sign in rather than redirected. */
function MessagesPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user) return <SignInPrompt title={t("pages.messages")} message={t("signInPrompt.messages")} />;
  return <ComingSoonPage title={t("pages.messages")} />;
}
