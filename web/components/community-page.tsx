import { Link } from "@tanstack/react-router";
import { Users } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { MyCommunity } from "../../common/contract/me";
import { useCurrentCommunity } from "../lib/my-communities";
import { PageHeading, useDocumentTitle } from "./page";
import { buttonClasses } from "./ui/button";
import { PageSpinner } from "./ui/spinner";

/**
 * A page of the current community (members, leaderboards): its title and the community's name, the
 * 'No Community Selected' prompt without one, and the page itself once the community is known.
 */
export function CommunityPage({ title, children }: { title: string; children: (community: MyCommunity) => ReactNode }) {
  const { t } = useTranslation();
  const { current, isLoading } = useCurrentCommunity();
  useDocumentTitle(current ? `${title} · ${current.name}` : title);
  if (isLoading) return <PageSpinner />;
  return (
    <div>
      <PageHeading>{title}</PageHeading>
      {current ? (
        <>
          <p className="mt-1 text-muted-foreground">{current.name}</p>
          {children(current)}
        </>
      ) : (
        <div className="mx-auto mt-6 flex max-w-xl flex-col items-center gap-4 rounded-2xl border border-border bg-surface p-8 text-center">
          <Users className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
          <h2 className="text-lg font-semibold text-foreground">{t("communities.noCommunityTitle")}</h2>
          <p className="text-muted-foreground">{t("communities.noCommunity")}</p>
          <Link to="/communities/explore" className={buttonClasses()}>
            {t("communities.explore")}
          </Link>
        </div>
      )}
    </div>
  );
}
