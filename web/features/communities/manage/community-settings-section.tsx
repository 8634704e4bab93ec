import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ExternalLink } from "lucide-react";
import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/ui/avatar";
import { LazyPanel } from "../../../components/lazy-panel";
import { Spinner } from "../../../components/ui/spinner";
import { Tab, TabList, TabPanel, Tabs } from "../../../components/ui/tabs";
import { communityQueryOptions, communityReportsQueryOptions } from "../queries";
import { CommunityLoadError } from "../community-states";
import type { MyCommunity } from "../../../../common/contract/me";
import { ArchivedBanner, ReviewBanner } from "../review-banner";
import type { CommunityView } from "../../../../common/contract/communities";
import { ArchivePanel } from "./archive-panel";
import { BannedPanel } from "./banned-panel";
import { JoinSettingsPanel } from "../joining/join-settings-panel";
import { RequestsQueue } from "../joining/requests-queue";
import { DetailsPanel } from "./details-panel";
import { type ManageTab } from "./manage-tabs";
import { manageTabsFor } from "./manage-tabs-for";
import { MembersPanel } from "./members-panel";
import { ReportsList } from "./reports-list";
import { TopicsPanel } from "./topics-panel";
import { UnpaidPlanNotice } from "./unpaid-plan-notice";

// Its chart library is loaded with the tab, never with the settings screen itself.
const MetricsPanel = lazy(() => import("./metrics/metrics-panel"));
// Only owners and admins open these: their code comes with the tab.
const BroadcastsPanel = lazy(() => import("./broadcasts/broadcasts-panel"));
const PaymentsPanel = lazy(() => import("./payments/payments-panel"));

type CommunitySettingsSectionProps = {
  community: MyCommunity;
  tab: ManageTab | undefined;
  onTabChange: (tab: ManageTab) => void;
};

/** The current community's management, on the Settings page, for its owner, admins and moderators. */
export function CommunitySettingsSection({ community, tab, onTabChange }: CommunitySettingsSectionProps) {
  const { t } = useTranslation("communities");
  const query = useQuery(communityQueryOptions(community.id));
  const moderatorOnly = !community.canManage;

  return (
    <section
      aria-labelledby="community-settings-title"
      className="space-y-4 rounded-2xl border border-border bg-surface p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-3">
        <Avatar src={community.imageUrls[0]} name={community.name} shape="rounded" size="md" />
        <div className="min-w-0 flex-1">
          <h2 id="community-settings-title" className="text-lg font-semibold break-words text-foreground">
            {moderatorOnly ? t("manage.moderationTitle") : t("manage.title")}
          </h2>
          <p className="truncate text-sm text-muted-foreground">{community.name}</p>
        </div>
        <Link
          to="/communities/$communityId"
          params={{ communityId: community.id }}
          // Its own line on a phone: beside a two-word Georgian title it left the title no room.
          className="inline-flex w-full items-center gap-1.5 text-sm font-medium text-link hover:underline sm:w-auto"
        >
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
          {t("about.publicPage")}
        </Link>
      </div>
      {query.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : query.isError ? (
        <CommunityLoadError onRetry={() => void query.refetch()} />
      ) : (
        <ManageTabs view={query.data} tab={tab} onTabChange={onTabChange} />
      )}
    </section>
  );
}

function ManageTabs({
  view,
  tab,
  onTabChange,
}: {
  view: CommunityView;
  tab: ManageTab | undefined;
  onTabChange: (tab: ManageTab) => void;
}) {
  const { t } = useTranslation("communities");
  const { community, viewer } = view;
  const tabs = manageTabsFor(viewer, community);
  if (tabs.length === 0) return null;
  const active = tab && tabs.includes(tab) ? tab : tabs[0]!;
  const readOnly = !viewer.canEdit;

  return (
    <div className="space-y-4">
      {community.reviewStatus !== "approved" && (
        <ReviewBanner status={community.reviewStatus} reason={community.rejectionReason} />
      )}
      {community.archived && <ArchivedBanner />}
      {viewer.unpaidPlan && <UnpaidPlanNotice community={community} unpaidPlan={viewer.unpaidPlan} />}
      <Tabs value={active} onValueChange={(v) => onTabChange(v as ManageTab)}>
        <div className="scrollbar-none -mx-1 overflow-x-auto px-1">
          <TabList label={t("manage.tabsLabel")} className="min-w-max">
            {tabs.map((tabKey) => (
              <Tab key={tabKey} value={tabKey}>
                {t(`manage.tabs.${tabKey}`)}
              </Tab>
            ))}
          </TabList>
        </div>
        <TabPanel value="details" className="mt-5 space-y-6">
          <DetailsPanel view={view} />
          {viewer.canEdit && <JoinSettingsPanel key={community.id} community={community} />}
        </TabPanel>
        <TabPanel value="topics" className="mt-5">
          <TopicsPanel communityId={community.id} readOnly={readOnly} />
        </TabPanel>
        <TabPanel value="requests" className="mt-5">
          <RequestsQueue communityId={community.id} />
        </TabPanel>
        <TabPanel value="members" className="mt-5 space-y-6">
          <MembersPanel communityId={community.id} canChangeRoles={viewer.canOwn && !community.archived} />
        </TabPanel>
        <TabPanel value="banned" className="mt-5">
          <BannedPanel community={community} />
        </TabPanel>
        <TabPanel value="reports" className="mt-5">
          <ReportsList queryOptions={communityReportsQueryOptions(community.id)} communityId={community.id} />
        </TabPanel>
        <TabPanel value="metrics" className="mt-5">
          <LazyPanel>
            <MetricsPanel communityId={community.id} />
          </LazyPanel>
        </TabPanel>
        <TabPanel value="broadcasts" className="mt-5">
          <LazyPanel>
            <BroadcastsPanel communityId={community.id} readOnly={readOnly} />
          </LazyPanel>
        </TabPanel>
        <TabPanel value="payments" className="mt-5">
          <LazyPanel>
            <PaymentsPanel communityId={community.id} />
          </LazyPanel>
        </TabPanel>
        <TabPanel value="archive" className="mt-5">
          <ArchivePanel community={community} />
        </TabPanel>
      </Tabs>
    </div>
  );
}
