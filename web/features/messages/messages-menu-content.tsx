import { useQuery } from "@tanstack/react-query";
import { SquarePen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/ui/avatar";
import { formatBadgeCount } from "../../components/ui/badge";
import { MenuLink, MenuSeparator, MenuText, useMenuContentReady } from "../../components/ui/dropdown-menu";
import { Spinner } from "../../components/ui/spinner";
import { useRelativeTime } from "../../lib/time";
import type { ConversationSummary } from "../../../common/contract/conversations";
import { recentConversationsQueryOptions } from "./queries";

function ConversationItem({ conversation }: { conversation: ConversationSummary }) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const title = conversation.title || t(conversation.type === "group" ? "messages.groupChat" : "common.unknownUser");
  const time = conversation.lastMessage?.createdAt ?? conversation.lastMessageAt;
  return (
    <MenuLink to="/chat/$id" params={{ id: conversation.id }} className="items-start py-2.5">
      <Avatar src={conversation.avatarUrl} name={title} size="md" />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className="truncate font-medium text-foreground">{title}</span>
          <span className="shrink-0 text-xs text-muted-foreground">{relative(time, "short")}</span>
        </span>
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span className="truncate text-muted-foreground">{conversation.lastMessage?.content || t("messages.noMessages")}</span>
          {conversation.unreadCount > 0 && (
            <span className="shrink-0 rounded-full bg-primary px-1.5 py-0.5 text-[11px] leading-none font-semibold text-primary-foreground">
              <span className="sr-only">{t("messages.unread", { count: conversation.unreadCount })}</span>
              <span aria-hidden="true">{formatBadgeCount(conversation.unreadCount)}</span>
            </span>
          )}
        </span>
      </span>
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
        <h2 className="text-base font-semibold text-foreground">{t("messages.title")}</h2>
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
