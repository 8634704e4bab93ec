import { useQuery } from "@tanstack/react-query";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { notificationLink } from "../../../common/notification-link";
import { MenuLink, MenuSeparator, MenuText, useMenuContentReady } from "../../components/ui/dropdown-menu";
import { Spinner } from "../../components/ui/spinner";
import { useCurrentCommunityId } from "../../lib/current-community";
import { InviteAnswer } from "./invite-answer";
import { NotificationSummary } from "./notification-summary";
import { useMarkNotificationRead } from "./mutations";
import { NOTIFICATIONS_DROPDOWN_LIMIT, recentNotificationsQueryOptions } from "./queries";

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
        {/* The menu is named by this title already; a heading is not allowed inside a menu. */}
        <span aria-hidden="true" className="text-base font-semibold text-foreground">
          {t("notifications.title")}
        </span>
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
          <Fragment key={n.id}>
            <MenuLink
              {...notificationLink(n)}
              onSelect={() => {
                if (!n.isRead) markRead.mutate(n.id);
              }}
              className="items-start py-2.5"
            >
              <NotificationSummary item={n} />
            </MenuLink>
            {n.type === "COMMUNITY_INVITE" && n.community && <InviteAnswer item={{ ...n, community: n.community }} inMenu />}
          </Fragment>
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
