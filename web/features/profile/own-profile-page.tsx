import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Pencil } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../components/page";
import { buttonClasses } from "../../components/ui/button";
import { CommunityTiles } from "./community-tiles";
import { ProfileHeader } from "./profile-header";
import { ProfileLoadError, ProfileSkeleton } from "./profile-skeleton";
import { ProfileStats } from "./profile-stats";
import { myProfileQueryOptions } from "./queries";
import { RecentActivity } from "./recent-activity";

/** /profile: one's own profile (spec 001 "Own profile and editing"). */
export default function OwnProfilePage() {
  const { t } = useTranslation("profile");
  const query = useQuery(myProfileQueryOptions());
  useDocumentTitle(query.data?.profile.fullName ?? t("title"));

  if (query.isPending) return <ProfileSkeleton label={t("loading")} />;
  if (query.isError) {
    return <ProfileLoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  const { profile, stats, level, communities, activity } = query.data;
  return (
    <div className="space-y-6">
      <ProfileHeader
        profile={profile}
        level={level}
        actions={
          <Link to="/edit-profile" className={buttonClasses({ variant: "outline" })}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            {t("editProfile")}
          </Link>
        }
      />
      <ProfileStats stats={stats} />
      <CommunityTiles communities={communities} own />
      <RecentActivity userId={profile.id} items={activity.items} hasMore={activity.nextCursor !== null} />
    </div>
  );
}
