import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { PageSpinner } from "../../components/ui/spinner";
import { useSession } from "../../lib/session";
import { SignInPrompt } from "../../components/page";
import { ensureNamespace } from "../../lib/i18n";
import { MessagesPage } from "../../features/messages/messages-page";

export const Route = createFileRoute("/_main/messages/")({
  loader: () => ensureNamespace("messages"),
  component: MessagesRoute,
});

/** Open to visitors, who are asked to sign in rather than redirected. */
function MessagesRoute() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user) return <SignInPrompt title={t("pages.messages")} message={t("signInPrompt.messages")} />;
  return <MessagesPage />;
}
