import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { PageSpinner } from "../../components/ui/spinner";
import { useSession } from "../../lib/session";
import { SignInPrompt } from "../../components/page";
import { ensureNamespace } from "../../lib/i18n";
import { NewChatPage } from "../../features/messages/new-chat-page";

/** `?user=<id>` (the members page's Message button) starts that chat at once. */
type NewChatSearch = { user?: string };

export const Route = createFileRoute("/_main/new-chat")({
  validateSearch: (search: Record<string, unknown>): NewChatSearch =>
    typeof search.user === "string" && search.user ? { user: search.user } : {},
  loader: () => ensureNamespace("messages"),
  component: NewChatRoute,
});

/** Open to visitors, who are asked to sign in rather than redirected. */
function NewChatRoute() {
  const { t } = useTranslation();
  const { user: userId } = Route.useSearch();
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user) return <SignInPrompt title={t("pages.newChat")} message={t("signInPrompt.newChat")} />;
  return <NewChatPage userId={userId} />;
}
