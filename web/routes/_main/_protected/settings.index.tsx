import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { validateManageTab, type ManageTab } from "../../../features/communities/manage/manage-tabs";
import { SettingsHubPage } from "../../../features/communities/settings/settings-hub-page";
import { ensureNamespace } from "../../../lib/i18n";

export const Route = createFileRoute("/_main/_protected/settings/")({
  validateSearch: (search: Record<string, unknown>): { tab?: ManageTab } => {
    const tab = validateManageTab(search.tab);
    return tab ? { tab } : {};
  },
  loader: () => ensureNamespace("communities"),
  component: SettingsRoute,
});

function SettingsRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onTabChange = useCallback((next: ManageTab) => void navigate({ search: { tab: next }, replace: true }), [navigate]);
  return <SettingsHubPage tab={tab} onTabChange={onTabChange} />;
}
