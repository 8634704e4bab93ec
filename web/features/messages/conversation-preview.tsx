import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/ui/avatar";
import { formatBadgeCount } from "../../components/ui/badge";
import { cn } from "../../lib/cn";
import { useRelativeTime } from "../../lib/time";
import type { ConversationSummary } from "../../../common/contract/conversations";

/** What the preview says of the last message: its words, or what it was when it has none. */
function lastMessageText(last: ConversationSummary["lastMessage"], t: TFunction): string {
  if (!last) return t("messages.noMessages");
  if (last.isDeleted) return t("messages.deletedMessage");
  return last.content || (last.messageType === "image" ? t("messages.photo") : t("messages.noMessages"));
}

/**
 * A conversation as the header dropdown and /messages show it: who, the last message, when (the short
 * relative form), how many unread. Texts come from the shell's bundle, which the dropdown has loaded.
 */
export function ConversationPreview({ conversation }: { conversation: ConversationSummary }) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const title = conversation.title || t(conversation.type === "group" ? "messages.groupChat" : "common.unknownUser");
  const time = conversation.lastMessage?.createdAt ?? conversation.lastMessageAt;
  const unread = conversation.unreadCount > 0;
  return (
    <>
      <Avatar src={conversation.avatarUrl} name={title} size="md" />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn("truncate text-foreground", unread ? "font-semibold" : "font-medium")}>{title}</span>
          {/* A chat just opened has no time to show yet. */}
          {time !== null && <span className="shrink-0 text-xs text-muted-foreground">{relative(time, "short")}</span>}
        </span>
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span className={cn("truncate", unread ? "text-foreground" : "text-muted-foreground")}>
            {lastMessageText(conversation.lastMessage, t)}
          </span>
          {unread && (
            <span className="shrink-0 rounded-full bg-primary px-1.5 py-0.5 text-[11px] leading-none font-semibold text-primary-foreground">
              <span className="sr-only">{t("messages.unread", { count: conversation.unreadCount })}</span>
              <span aria-hidden="true">{formatBadgeCount(conversation.unreadCount)}</span>
            </span>
          )}
        </span>
      </span>
    </>
  );
}
