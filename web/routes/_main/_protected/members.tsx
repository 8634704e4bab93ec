import { createFileRoute } from "@tanstack/react-router";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { CommunityPage } from "../../../components/community-page";
import { PageSpinner } from "../../../components/ui/spinner";
import { CommunityGroupChats } from "../../../features/messages/community-group-chats";
import { ensureNamespace } from "../../../lib/i18n";
import { lazyWithPreload } from "../../../lib/lazy";

const MembersView = lazyWithPreload(() => import("../../../features/members/members-page"));

export const Route = createFileRoute("/_main/_protected/members")({
  loader: () => Promise.all([ensureNamespace("members"), MembersView.preload()]),
  component: MembersPage,
});

/** The community's members, with its group chats above them (spec 001: both on the members page). */
function MembersPage() {
  const { t } = useTranslation();
  return (
    <CommunityPage title={t("pages.members")}>
      {(community) => (
        <div className="space-y-6">
          <CommunityGroupChats />
          <Suspense fallback={<PageSpinner />}>
            <MembersView key={community.id} community={community} />
          </Suspense>
        </div>
      )}
    </CommunityPage>
  );
}
