import { Link } from "@tanstack/react-router";
import { Compass, Crown } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ProfileCommunity } from "../../../common/contract/profiles";
import { CommunityImage } from "../../components/community-image";
import { useLevelName } from "../../components/level-badge";
import { Badge } from "../../components/ui/badge";
import { buttonClasses } from "../../components/ui/button";

/** 'My Communities (n)': a tile per community, leading to its feed (/?id=…). */
export function CommunityTiles({ communities, own }: { communities: ProfileCommunity[]; own: boolean }) {
  const { t } = useTranslation("profile");
  const levelName = useLevelName(undefined);
  const title = own ? t("myCommunities", { n: communities.length }) : t("theirCommunities", { n: communities.length });
  return (
    <section aria-labelledby="profile-communities" className="space-y-3">
      <h2 id="profile-communities" className="text-lg font-semibold text-foreground">
        {title}
      </h2>
      {communities.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-input bg-surface p-6 text-center">
          <Compass className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
          <p className="text-muted-foreground">{own ? t("noCommunities") : t("noSharedCommunities")}</p>
          {own && (
            <Link to="/" className={buttonClasses()}>
              {t("exploreCommunities")}
            </Link>
          )}
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {communities.map((c) => (
            <li key={c.id}>
              <Link
                to="/"
                search={{ id: c.id }}
                className="flex h-full items-center gap-3 rounded-2xl border border-border bg-surface p-3 shadow-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                <CommunityImage
                  src={c.imageUrls[0]}
                  name={c.name}
                  sizes="3.5rem"
                  className="h-14 w-14 shrink-0 rounded-xl [&>span]:text-xl"
                />
                <span className="min-w-0 flex-1 space-y-1">
                  <span className="flex items-center gap-2">
                    <span className="truncate font-semibold text-foreground">{c.name}</span>
                    {c.isCreator && (
                      <Badge className="gap-1 bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                        <Crown className="h-3 w-3" aria-hidden="true" />
                        {t("creator")}
                      </Badge>
                    )}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {t(`roles.${c.role}`)} · {levelName(c.level)} · {t("points", { count: c.points })}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
