import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { BookOpen, Calendar, Check, ExternalLink, MessageSquare, Users } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/ui/avatar";
import { Badge } from "../../../components/ui/badge";
import { buttonClasses } from "../../../components/ui/button";
import { PageSpinner } from "../../../components/ui/spinner";
import { PageHeading, useDocumentTitle } from "../../../components/page";
import { communityQueryOptions } from "../queries";
import { CommunityImage } from "../../../components/community-image";
import { CommunityLoadError } from "../community-states";
import { useFormatter } from "../../../lib/format/formatter";
import { formatCount } from "../format";
import { PriceLabel } from "../price-label";
import { useCurrentCommunity } from "../../../lib/my-communities";
import { ArchivedBanner, ReviewBanner } from "../review-banner";
import type { CommunityView } from "../../../../common/contract/communities";

/** /about: the current community's information and its counts. */
export function AboutPage() {
  const { t } = useTranslation("communities");
  const { current, isLoading } = useCurrentCommunity();
  if (isLoading) return <PageSpinner />;
  if (!current) return <NoCommunityChosen title={t("about.title")} />;
  return <AboutCommunity communityId={current.id} />;
}

function NoCommunityChosen({ title }: { title: string }) {
  const { t } = useTranslation("communities");
  useDocumentTitle(title);
  return (
    <div>
      <PageHeading>{title}</PageHeading>
      <div className="mt-6 flex flex-col items-center gap-4 rounded-2xl border border-border bg-surface p-8 text-center">
        <Users className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
        <p className="text-foreground">{t("about.noCommunity")}</p>
        <Link to="/communities/explore" className={buttonClasses()}>
          {t("explore.title")}
        </Link>
      </div>
    </div>
  );
}

function AboutCommunity({ communityId }: { communityId: string }) {
  const query = useQuery(communityQueryOptions(communityId));
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <CommunityLoadError onRetry={() => void query.refetch()} />;
  return <AboutContent view={query.data} />;
}

function AboutContent({ view }: { view: CommunityView }) {
  const { t, i18n } = useTranslation("communities");
  const format = useFormatter();
  const { community, viewer } = view;
  useDocumentTitle(t("about.titleOf", { name: community.name }));
  const counts: { icon: ReactNode; label: string; value: number }[] = [
    { icon: <Users className="h-5 w-5" />, label: t("about.members"), value: community.membersCount },
    { icon: <MessageSquare className="h-5 w-5" />, label: t("about.posts"), value: community.postsCount },
    { icon: <Calendar className="h-5 w-5" />, label: t("about.events"), value: community.eventsCount },
    { icon: <BookOpen className="h-5 w-5" />, label: t("about.courses"), value: community.coursesCount },
  ];
  const creatorName = community.creator?.fullName || t("common.unknownUser");

  return (
    <div className="space-y-6">
      {(viewer.canManage || viewer.isStaff) && community.reviewStatus !== "approved" && (
        <ReviewBanner status={community.reviewStatus} reason={community.rejectionReason} />
      )}
      {community.archived && <ArchivedBanner />}
      <div className="overflow-hidden rounded-2xl border border-border bg-surface shadow-sm">
        <CommunityImage src={community.imageUrls[0]} name={community.name} className="h-36 w-full sm:h-56" />
        <div className="space-y-3 p-5">
          <div className="flex flex-wrap items-center gap-2">
            <Badge>{t(`categories.${community.categoryKey}`)}</Badge>
            <Badge>{community.archived ? t("about.statusArchived") : t("about.statusActive")}</Badge>
            <PriceLabel
              isPaid={community.isPaid}
              price={community.price}
              paymentType={community.paymentType}
              subscriptionInterval={community.subscriptionInterval}
              className="text-sm font-medium text-foreground"
            />
          </div>
          <PageHeading className="break-words">{community.name}</PageHeading>
          <p className="whitespace-pre-line text-foreground/90">{community.description}</p>
          <Link
            to="/communities/$communityId"
            params={{ communityId: community.id }}
            className="inline-flex items-center gap-1.5 text-sm font-medium text-link hover:underline"
          >
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            {t("about.publicPage")}
          </Link>
        </div>
      </div>
      <section aria-labelledby="about-counts">
        <h2 id="about-counts" className="sr-only">
          {t("about.countsTitle")}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {counts.map((c) => (
            <div key={c.label} className="rounded-2xl border border-border bg-surface p-4 shadow-sm">
              <dt className="flex items-center gap-2 text-sm text-muted-foreground">
                <span aria-hidden="true">{c.icon}</span>
                {c.label}
              </dt>
              <dd className="mt-1 text-2xl font-bold text-foreground">{formatCount(c.value, i18n.language)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="grid items-start gap-4 md:grid-cols-2">
        <section
          aria-labelledby="about-creator"
          className="flex items-center gap-3 rounded-2xl border border-border bg-surface p-5 shadow-sm"
        >
          <Avatar src={community.creator?.avatarUrl} name={creatorName} size="md" />
          <div className="min-w-0">
            <h2 id="about-creator" className="text-xs text-muted-foreground">
              {t("detail.createdBy")}
            </h2>
            <p className="truncate font-semibold text-foreground">{creatorName}</p>
            <p className="text-xs text-muted-foreground">
              {t("about.createdOn", { date: format.longDate(community.createdAt) })}
            </p>
          </div>
        </section>
        {community.targetAudience.length > 0 && (
          <section aria-labelledby="about-audience" className="rounded-2xl border border-border bg-surface p-5 shadow-sm">
            <h2 id="about-audience" className="font-semibold text-foreground">
              {t("detail.whoFor")}
            </h2>
            <ul className="mt-2 space-y-1.5 text-sm">
              {community.targetAudience.map((item) => (
                <li key={item} className="flex items-start gap-2 text-foreground/90">
                  <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden="true" />
                  {item}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
