import { createFileRoute } from "@tanstack/react-router";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { CommunityPage } from "../../../components/community-page";
import { PageSpinner } from "../../../components/ui/spinner";
import { ensureNamespace } from "../../../lib/i18n";
import { lazyWithPreload } from "../../../lib/lazy";

const LeaderboardView = lazyWithPreload(() => import("../../../features/leaderboard/leaderboard-page"));

export const Route = createFileRoute("/_main/_protected/leaderboards")({
  loader: () => Promise.all([ensureNamespace("leaderboard"), LeaderboardView.preload()]),
  component: LeaderboardsPage,
});

function LeaderboardsPage() {
  const { t } = useTranslation();
  return (
    <CommunityPage title={t("pages.leaderboards")}>
      {(community) => (
        <Suspense fallback={<PageSpinner />}>
          <LeaderboardView key={community.id} community={community} />
        </Suspense>
      )}
    </CommunityPage>
  );
}
