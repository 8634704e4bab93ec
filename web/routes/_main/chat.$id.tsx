import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { PageSpinner } from "../../components/ui/spinner";
import { useSession } from "../../lib/session";
import { SignInPrompt } from "../../components/page";
import { ensureNamespace } from "../../lib/i18n";
import { ChatScreen } from "../../features/messages/chat-screen";

export const Route = createFileRoute("/_main/chat/$id")({
  loader: () => ensureNamespace("messages"),
  component: ChatPage,
});

/** Open to visitors, who are asked to sign in rather than redirected. */
function ChatPage() {
  const { t } = useTranslation();
  const { id } = Route.useParams();
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user) return <SignInPrompt title={t("pages.chat")} message={t("signInPrompt.chat")} />;
  return <ChatScreen key={id} conversationId={id} me={{ id: user.id, fullName: user.fullName ?? "" }} />;
}
