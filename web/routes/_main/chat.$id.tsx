import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { PageSpinner } from "../../components/ui/spinner";
import { useSession } from "../../lib/session";
import { ComingSoonPage, SignInPrompt } from "../../components/page";

export const Route = createFileRoute("/_main/chat/$id")({ component: ChatPage });

/** Open to visitors, who are asked to sign in rather than redirected. */
function ChatPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user) return <SignInPrompt title={t("pages.chat")} message={t("signInPrompt.chat")} />;
  return <ComingSoonPage title={t("pages.chat")} />;
}
