import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComingSoonPage } from "../../../components/page";

export const Route = createFileRoute("/_main/_protected/settings/notifications")({ component: NotificationSettingsPage });

function NotificationSettingsPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.notificationSettings")} />;
}
