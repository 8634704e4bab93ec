import { Link, useNavigate } from "@tanstack/react-router";
import { Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge";
import { Button, buttonClasses } from "../../../components/ui/button";
import { setCurrentCommunityId } from "../../../lib/current-community";
import { CommunityImage } from "../../../components/community-image";
import { formatCount } from "../format";
import { PrivateBadge } from "../joining/private-badge";
import { PriceLabel } from "../price-label";
import type { CommunityCard } from "../../../../common/contract/communities";

/** One explore result: picture, category, name, description, members, price and the two actions. */
export function CommunityCard({ community, showCategory }: { community: CommunityCard; showCategory: boolean }) {
  const { t, i18n } = useTranslation("communities");
  const navigate = useNavigate();
  const headingId = `community-card-${community.id}`;

  const openCommunity = () => {
    setCurrentCommunityId(community.id);
    void navigate({ to: "/" });
  };

  return (
    <article
      aria-labelledby={headingId}
      className="flex w-full min-w-0 flex-col overflow-hidden rounded-2xl border border-border bg-surface shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="relative">
        <CommunityImage src={community.imageUrl} name={community.name} className="aspect-[16/9] w-full" />
        {showCategory && (
          <Badge className="absolute top-3 left-3 bg-surface/95 shadow-sm">{t(`categories.${community.categoryKey}`)}</Badge>
        )}
        {community.isPrivate && <PrivateBadge className="absolute top-3 right-3 bg-surface/95 shadow-sm" />}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-lg font-semibold text-foreground">
            {community.name}
          </h2>
          <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{community.description}</p>
        </div>
        <div className="mt-auto flex items-center justify-between gap-2 text-sm">
          <span className="inline-flex items-center gap-1.5 text-muted-foreground">
            <Users className="h-4 w-4" aria-hidden="true" />
            {t("card.members", { count: community.membersCount, formatted: formatCount(community.membersCount, i18n.language) })}
          </span>
          <PriceLabel
            isPaid={community.isPaid}
            price={community.price}
            paymentType={community.paymentType}
            subscriptionInterval={community.subscriptionInterval}
            className={community.isPaid ? "font-semibold text-foreground" : "font-medium text-success"}
          />
        </div>
        <div className="flex gap-2">
          <Link
            to="/communities/$communityId"
            params={{ communityId: community.id }}
            className={buttonClasses({ variant: "outline", size: "sm", className: "flex-1" })}
            aria-describedby={headingId}
          >
            {t("card.viewDetails")}
          </Link>
          {community.isMember ? (
            <Button size="sm" className="flex-1" onClick={openCommunity} aria-describedby={headingId}>
              {t("card.viewCommunity")}
            </Button>
          ) : (
            <Link
              to="/communities/$communityId"
              params={{ communityId: community.id }}
              className={buttonClasses({ size: "sm", className: "flex-1" })}
              aria-describedby={headingId}
            >
              {t("card.join")}
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}

export function CommunityCardSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-2xl border border-border bg-surface">
      <div className="aspect-[16/9] w-full animate-pulse bg-muted" />
      <div className="space-y-3 p-4">
        <div className="h-5 w-2/3 animate-pulse rounded bg-muted" />
        <div className="h-4 w-full animate-pulse rounded bg-muted" />
        <div className="h-4 w-5/6 animate-pulse rounded bg-muted" />
        <div className="flex gap-2 pt-2">
          <div className="h-8 flex-1 animate-pulse rounded-lg bg-muted" />
          <div className="h-8 flex-1 animate-pulse rounded-lg bg-muted" />
        </div>
      </div>
    </div>
  );
}
