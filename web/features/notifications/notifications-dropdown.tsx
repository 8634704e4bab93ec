import { useQuery } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { CountBadge } from "../../components/ui/badge";
import { DropdownMenu, MenuText } from "../../components/ui/dropdown-menu";
import { ensureNamespace } from "../../lib/i18n";
import { lazyWithPreload } from "../../lib/lazy";
import { useCurrentCommunityId } from "../../lib/current-community";
import { headerIconButton, headerPanel } from "../../components/header-styles";
import { unreadNotificationsQueryOptions } from "./queries";

// The menu's code and its sentence texts arrive together, on the first hover or focus of the bell.
const NotificationsMenuContent = lazyWithPreload(() =>
  Promise.all([import("./notifications-menu-content"), ensureNamespace("notifications")]).then(([m]) => m),
);

export function NotificationsDropdown() {
  const { t } = useTranslation();
  const communityId = useCurrentCommunityId();
  const unread = useQuery(unreadNotificationsQueryOptions(communityId));
  const count = unread.data ?? 0;

  return (
    <DropdownMenu
      onTriggerIntent={() => void NotificationsMenuContent.preload()}
      triggerLabel={count > 0 ? t("notifications.buttonWithUnread", { count }) : t("notifications.title")}
      menuLabel={t("notifications.title")}
      triggerClassName={headerIconButton}
      contentClassName={headerPanel}
      trigger={
        <>
          <Bell className="h-5 w-5" aria-hidden="true" />
          <CountBadge count={count} />
        </>
      }
    >
      <Suspense fallback={<MenuText>{t("common.loading")}</MenuText>}>
        <NotificationsMenuContent />
      </Suspense>
    </DropdownMenu>
  );
}
