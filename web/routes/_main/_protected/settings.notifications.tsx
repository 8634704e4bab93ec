import { createFileRoute } from "@tanstack/react-router";
import { NotificationSettingsPage } from "../../../features/notifications/notification-settings-page";
import { ensureNamespace } from "../../../lib/i18n";

export const Route = createFileRoute("/_main/_protected/settings/notifications")({
  loader: () => ensureNamespace("notifications"),
  component: NotificationSettingsPage,
});
