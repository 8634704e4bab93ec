import { createFileRoute } from "@tanstack/react-router";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { CommunityPage } from "../../../components/community-page";
import { PageSpinner } from "../../../components/ui/spinner";
import { ensureNamespace } from "../../../lib/i18n";
import { lazyWithPreload } from "../../../lib/lazy";

const MembersView = lazyWithPreload(() => import("../../../features/members/members-page"));

export const Route = createFileRoute("/_main/_protected/members")({
  loader: () => Promise.all([ensureNamespace("members"), MembersView.preload()]),
  component: MembersPage,
});

function MembersPage() {
  const { t } = useTranslation();
  return (
    <CommunityPage title={t("pages.members")}>
      {(community) => (
        <Suspense fallback={<PageSpinner />}>
          <MembersView key={community.id} community={community} />
        </Suspense>
      )}
    </CommunityPage>
  );
}
