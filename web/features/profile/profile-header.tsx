import { Calendar, Globe, MapPin } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { OwnProfile } from "../../../common/contract/profiles";
import { LevelBadge, useLevelName } from "../../components/level-badge";
import { Avatar } from "../../components/ui/avatar";
import { useFormatter } from "../../lib/format/formatter";
import { responsiveImage } from "../../../common/image-widths";

type Person = Omit<OwnProfile, "birthDate">;

const MONTH = 30 * 24 * 60 * 60 * 1000;

/** Cover, avatar with level, name, profession, location, website, join month and bio; `actions` on the right. */
export function ProfileHeader({ profile, level, actions }: { profile: Person; level: number; actions?: ReactNode }) {
  const { t } = useTranslation("profile");
  const format = useFormatter();
  const levelName = useLevelName(undefined);
  const [now] = useState(Date.now);
  // A month of membership is "recently joined"; after that the month and year say more.
  const joined = now - profile.joinedAt < MONTH ? t("recentlyJoined") : t("joined", { date: format.monthYear(profile.joinedAt) });
  return (
    <section aria-labelledby="profile-name" className="overflow-hidden rounded-2xl border border-border bg-surface shadow-sm">
      <div className="h-36 bg-gradient-to-br from-blue-600 to-indigo-700 sm:h-48">
        {profile.coverUrl && (
          <img
            {...responsiveImage(profile.coverUrl)}
            sizes="(min-width: 1024px) 64rem, 100vw"
            alt={t("cover", { name: profile.fullName })}
            className="h-full w-full object-cover"
          />
        )}
      </div>
      <div className="px-4 pb-5 sm:px-6">
        <div className="-mt-12 flex flex-wrap items-end justify-between gap-3">
          <span className="relative inline-block rounded-full ring-4 ring-surface">
            <Avatar src={profile.avatarUrl} name={profile.fullName} size="xl" />
            <LevelBadge level={level} label={levelName(level)} className="h-7 min-w-7 text-sm" />
          </span>
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </div>
        <h1 id="profile-name" className="mt-3 text-2xl font-bold break-words text-foreground">
          {profile.fullName}
        </h1>
        {profile.profession && <p className="text-muted-foreground">{profile.profession}</p>}
        <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
          {profile.location && (
            <li className="flex items-center gap-1.5">
              <MapPin className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only">{t("location")}: </span>
              {profile.location}
            </li>
          )}
          {profile.website && (
            <li className="flex min-w-0 items-center gap-1.5">
              <Globe className="h-4 w-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">{t("website")}: </span>
              <a
                href={profile.website}
                target="_blank"
                rel="noopener noreferrer nofollow ugc"
                className="truncate text-link hover:underline"
              >
                {profile.website.replace(/^https?:\/\//, "").replace(/\/$/, "")}
              </a>
            </li>
          )}
          <li className="flex items-center gap-1.5">
            <Calendar className="h-4 w-4" aria-hidden="true" />
            {joined}
          </li>
        </ul>
        <h2 className="sr-only">{t("about")}</h2>
        <p className={profile.bio ? "mt-3 whitespace-pre-line break-words text-foreground" : "mt-3 text-muted-foreground italic"}>
          {profile.bio || t("noBio")}
        </p>
      </div>
    </section>
  );
}
