import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/ui/avatar";
import { MenuLink, MenuSeparator, MenuText, useMenuContentReady } from "../../components/ui/dropdown-menu";
import { Spinner } from "../../components/ui/spinner";
import { useRelativeTime } from "../../lib/time";
import { useCurrentCommunityId } from "../communities/current-community";
import { NotificationIcon } from "./notification-icon";
import { notificationTarget } from "./notification-target";
import {
  NOTIFICATIONS_DROPDOWN_LIMIT,
  recentNotificationsQueryOptions,
  useMarkNotificationRead,
  type NotificationItem,
} from "./queries";

function NotificationRow({ item, onOpen }: { item: NotificationItem; onOpen: () => void }) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  return (
    <MenuLink {...notificationTarget(item)} onSelect={onOpen} className="items-start py-2.5">
      {item.sender ? (
        <Avatar src={item.sender.avatarUrl} name={item.sender.fullName} size="md" />
      ) : (
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <NotificationIcon type={item.type} className="h-5 w-5" />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={item.isRead ? "text-foreground" : "font-semibold text-foreground"}>{item.title}</span>
          <span className="shrink-0 text-xs text-muted-foreground">{relative(item.createdAt)}</span>
        </span>
        {item.content && <span className="mt-0.5 line-clamp-2 block text-muted-foreground">{item.content}</span>}
        {item.community && <span className="mt-0.5 block truncate text-xs text-muted-foreground">{item.community.name}</span>}
      </span>
      {!item.isRead && (
        <span className="mt-2 h-2.5 w-2.5 shrink-0 rounded-full bg-primary">
          <span className="sr-only">{t("notifications.unread")}</span>
        </span>
      )}
    </MenuLink>
  );
}

/** The opened notifications dropdown; loaded on demand so it costs nothing on the first page load. */
export default function NotificationsMenuContent() {
  const { t } = useTranslation();
  const communityId = useCurrentCommunityId();
  const recent = useQuery(recentNotificationsQueryOptions(communityId));
  const markRead = useMarkNotificationRead();
  useMenuContentReady();
  const items = recent.data?.items.slice(0, NOTIFICATIONS_DROPDOWN_LIMIT) ?? [];
  const hasMore = !!recent.data && (recent.data.nextCursor !== null || recent.data.items.length > NOTIFICATIONS_DROPDOWN_LIMIT);

  return (
    <>
      <div className="flex items-center justify-between gap-2 px-3 py-2">
        <h2 className="text-base font-semibold text-foreground">{t("notifications.title")}</h2>
        <MenuLink to="/notifications" compact className="px-2 py-1 text-link">
          {t("notifications.viewAllShort")}
        </MenuLink>
      </div>
      <MenuSeparator />
      {recent.isPending ? (
        <MenuText className="flex items-center gap-2">
          <Spinner size="sm" decorative />
          {t("common.loading")}
        </MenuText>
      ) : recent.isError ? (
        <MenuText>{t("notifications.loadFailed")}</MenuText>
      ) : items.length === 0 ? (
        <MenuText className="py-6 text-center">{t("notifications.empty")}</MenuText>
      ) : (
        items.map((n) => (
          <NotificationRow
            key={n.id}
            item={n}
            onOpen={() => {
              if (!n.isRead) markRead.mutate(n.id);
            }}
          />
        ))
      )}
      {hasMore && (
        <>
          <MenuSeparator />
          <MenuLink to="/notifications" className="justify-center font-medium text-link">
            {t("notifications.viewAll")}
          </MenuLink>
        </>
      )}
    </>
  );
}
