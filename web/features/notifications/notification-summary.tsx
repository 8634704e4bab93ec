import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/ui/avatar";
import { useRelativeTime } from "../../lib/time";
import { plainText } from "../../lib/content-format";
import { NotificationIcon } from "./notification-icon";
import { notificationDetail, notificationSentence } from "./notification-text";
import type { NotificationItem } from "../../../common/contract/notifications";

/**
 * The inside of a notification row (dropdown and page): sender avatar or type icon, the sentence, when,
 * the content, the community, and a blue dot while unread. Phrasing content only, so it fits in a link.
 */
export function NotificationSummary({ item }: { item: NotificationItem }) {
  const { t } = useTranslation("notifications");
  const relative = useRelativeTime();
  const detail = notificationDetail(t, item);
  return (
    <>
      <span className="relative shrink-0">
        {item.sender ? (
          <Avatar src={item.sender.avatarUrl} name={item.sender.fullName} size="md" />
        ) : (
          <span className="flex h-10 w-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <NotificationIcon type={item.type} className="h-5 w-5" />
          </span>
        )}
        {item.sender && (
          <span className="absolute -right-1 -bottom-1 flex h-5 w-5 items-center justify-center rounded-full bg-surface text-muted-foreground ring-1 ring-border">
            <NotificationIcon type={item.type} className="h-3 w-3" />
          </span>
        )}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={item.isRead ? "text-foreground" : "font-semibold text-foreground"}>
            {notificationSentence(t, item)}
          </span>
          <span className="shrink-0 text-xs text-muted-foreground">{relative(item.createdAt)}</span>
        </span>
        {detail && <span className="mt-0.5 line-clamp-2 block text-muted-foreground">{plainText(detail)}</span>}
        {item.community && <span className="mt-0.5 block truncate text-xs text-muted-foreground">{item.community.name}</span>}
      </span>
      {!item.isRead && (
        <span className="mt-2 h-2.5 w-2.5 shrink-0 rounded-full bg-primary">
          <span className="sr-only">{t("unread")}</span>
        </span>
      )}
    </>
  );
}
