import { useQuery } from "@tanstack/react-query";
import { PrivateBadge } from "../joining/private-badge";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, Check, Receipt } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge";
import { isApiError } from "../../../lib/api";
import { PageHeading, useDocumentTitle } from "../../../components/page";
import { communityQueryOptions } from "../queries";
import { CommunityLoadError, CommunityNotFound, DetailSkeleton } from "../community-states";
import { ArchivedBanner, ReviewBanner } from "../review-banner";
import type { ReactNode } from "react";
import type { CommunityDetail, CommunityView } from "../../../../common/contract/communities";
import type { JoinInvite } from "../use-join-community";
import { CommunityStats } from "./community-stats";
import { CreatorCard } from "./creator-card";
import { JoinCard } from "./join-card";
import { LeaveCommunity } from "./leave-community";
import { MediaGallery } from "./media-gallery";

export function CommunityDetailPage({ communityId }: { communityId: string }) {
  const query = useQuery(communityQueryOptions(communityId));
  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    return isApiError(query.error, 404) ? <CommunityNotFound /> : <CommunityLoadError onRetry={() => void query.refetch()} />;
  }
  return <CommunityDetailView view={query.data} />;
}

/** The community's page; opened through an invite link it says who invited and joins through the link. */
export function CommunityDetailView({ view, invite, banner }: { view: CommunityView; invite?: JoinInvite; banner?: ReactNode }) {
  const { t } = useTranslation("communities");
  const { community, viewer } = view;
  const seesReview = viewer.canManage || viewer.isCreator || viewer.isStaff;

  return (
    <div className="space-y-5">
      <BackToExplore />
      {banner}
      {(seesReview && community.reviewStatus !== "approved") || community.archived ? (
        <div className="space-y-3">
          {seesReview && <ReviewBanner status={community.reviewStatus} reason={community.rejectionReason} />}
          {community.archived && <ArchivedBanner />}
        </div>
      ) : null}
      {/* Phones: media and name, then the join card, then the description; wide screens: the card column
          runs beside both (the flexible second row takes any extra height, so no gap opens up). */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr]">
        <div className="min-w-0 space-y-5 lg:col-start-1">
          <MediaGallery name={community.name} coverVideoUrl={community.coverVideoUrl} imageUrls={community.imageUrls} />
          <CommunityTitle community={community} />
        </div>
        <aside className="space-y-4 lg:col-start-2 lg:row-span-2 lg:row-start-1" aria-label={t("detail.asideLabel")}>
          <JoinCard community={community} viewer={viewer} invite={invite} />
          {viewer.isMember && !viewer.isCreator && <LeaveCommunity community={community} />}
          {/* Staff answer for every community's money: its payments and refunds, from its page. */}
          {viewer.isStaff && (
            <Link
              to="/admin/payments/$communityId"
              params={{ communityId: community.id }}
              className="inline-flex items-center gap-1.5 text-sm font-medium text-link hover:underline"
            >
              <Receipt className="h-4 w-4" aria-hidden="true" />
              {t("detail.staffPayments")}
            </Link>
          )}
          <CreatorCard creator={community.creator} />
          <CommunityStats community={community} />
        </aside>
        <div className="min-w-0 lg:col-start-1">
          <CommunityIntro community={community} />
        </div>
      </div>
    </div>
  );
}

function BackToExplore() {
  const { t } = useTranslation("communities");
  return (
    <Link to="/communities/explore" className="inline-flex items-center gap-1.5 text-sm font-medium text-link hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {t("detail.backToExplore")}
    </Link>
  );
}

function CommunityTitle({ community }: { community: CommunityDetail }) {
  const { t } = useTranslation("communities");
  useDocumentTitle(community.name);
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge>{t(`categories.${community.categoryKey}`)}</Badge>
        <Badge>{community.isPaid ? t("stats.paid") : t("stats.free")}</Badge>
        {community.visibility === "private" && <PrivateBadge />}
      </div>
      <PageHeading className="mt-2 break-words">{community.name}</PageHeading>
    </div>
  );
}

function CommunityIntro({ community }: { community: CommunityDetail }) {
  const { t } = useTranslation("communities");
  return (
    <div className="space-y-6">
      <section aria-labelledby="about-title">
        <h2 id="about-title" className="text-lg font-semibold text-foreground">
          {t("detail.about")}
        </h2>
        <p className="mt-2 whitespace-pre-line text-foreground/90">{community.description}</p>
      </section>
      {community.targetAudience.length > 0 && (
        <section aria-labelledby="audience-title">
          <h2 id="audience-title" className="text-lg font-semibold text-foreground">
            {t("detail.whoFor")}
          </h2>
          <ul className="mt-2 space-y-2">
            {community.targetAudience.map((item) => (
              <li key={item} className="flex items-start gap-2 text-foreground/90">
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden="true" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
