import { useQuery } from "@tanstack/react-query";
import { MessageCircle } from "lucide-react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { CountBadge } from "../../components/ui/badge";
import { DropdownMenu, MenuText } from "../../components/ui/dropdown-menu";
import { lazyWithPreload } from "../../lib/lazy";
import { headerIconButton, headerPanel } from "../../components/header-styles";
import { unreadMessagesQueryOptions } from "./queries";

const MessagesMenuContent = lazyWithPreload(() => import("./messages-menu-content"));

export function MessagesDropdown() {
  const { t } = useTranslation();
  const unread = useQuery(unreadMessagesQueryOptions);
  const count = unread.data ?? 0;

  return (
    <DropdownMenu
      onTriggerIntent={() => void MessagesMenuContent.preload()}
      triggerLabel={count > 0 ? t("messages.buttonWithUnread", { count }) : t("messages.title")}
      menuLabel={t("messages.title")}
      triggerClassName={headerIconButton}
      contentClassName={headerPanel}
      trigger={
        <>
          <MessageCircle className="h-5 w-5" aria-hidden="true" />
          <CountBadge count={count} />
        </>
      }
    >
      <Suspense fallback={<MenuText>{t("messages.loading")}</MenuText>}>
        <MessagesMenuContent />
      </Suspense>
    </DropdownMenu>
  );
}
