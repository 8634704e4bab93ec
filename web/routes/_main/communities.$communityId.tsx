import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComingSoonPage } from "../../features/shell/page";

export const Route = createFileRoute("/_main/communities/$communityId")({ component: CommunityDetailPage });

function CommunityDetailPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.community")} />;
}
