import { useQuery } from "@tanstack/react-query";
import { SquarePen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { MenuLink, MenuSeparator, MenuText, useMenuContentReady } from "../../components/ui/dropdown-menu";
import { Spinner } from "../../components/ui/spinner";
import type { ConversationSummary } from "../../../common/contract/conversations";
import { ConversationPreview } from "./conversation-preview";
import { recentConversationsQueryOptions } from "./queries";

function ConversationItem({ conversation }: { conversation: ConversationSummary }) {
  return (
    <MenuLink to="/chat/$id" params={{ id: conversation.id }} className="items-start py-2.5">
      <ConversationPreview conversation={conversation} />
    </MenuLink>
  );
}

/** The opened messages dropdown; loaded on demand so it costs nothing on the first page load. */
export default function MessagesMenuContent() {
  const { t } = useTranslation();
  const recent = useQuery(recentConversationsQueryOptions);
  useMenuContentReady();

  return (
    <>
      <div className="flex items-center justify-between gap-2 px-3 py-2">
        {/* The menu is named by this title already; a heading is not allowed inside a menu. */}
        <span aria-hidden="true" className="text-base font-semibold text-foreground">
          {t("messages.title")}
        </span>
        <MenuLink to="/new-chat" compact className="px-2 py-1 text-link">
          <SquarePen className="h-4 w-4" aria-hidden="true" />
          {t("messages.newMessage")}
        </MenuLink>
      </div>
      <MenuSeparator />
      {recent.isPending ? (
        <MenuText className="flex items-center gap-2">
          <Spinner size="sm" decorative />
          {t("messages.loading")}
        </MenuText>
      ) : recent.isError ? (
        <MenuText>{t("messages.loadFailed")}</MenuText>
      ) : recent.data.length === 0 ? (
        <MenuText className="py-6 text-center">{t("messages.empty")}</MenuText>
      ) : (
        recent.data.map((c) => <ConversationItem key={c.id} conversation={c} />)
      )}
      <MenuSeparator />
      <MenuLink to="/messages" className="justify-center font-medium text-link">
        {t("messages.viewAll")}
      </MenuLink>
    </>
  );
}
