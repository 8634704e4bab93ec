import { useQuery } from "@tanstack/react-query";
import { Link, useRouter } from "@tanstack/react-router";
import { Ban, MessageCircle, UserX } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BlockPersonDialog } from "../../components/block-person-dialog";
import { useDocumentTitle } from "../../components/page";
import { Button, buttonClasses } from "../../components/ui/button";
import { isApiError } from "../../lib/api";
import { useUnblockPerson } from "../../lib/blocks";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { CommunityTiles } from "./community-tiles";
import { ProfileHeader } from "./profile-header";
import { ProfileLoadError, ProfileSkeleton } from "./profile-skeleton";
import { ProfileStats } from "./profile-stats";
import { personProfileQueryOptions } from "./queries";
import { RecentActivity } from "./recent-activity";

/** /profile/{userId}: another member's public profile, with Message and Block or Unblock. */
export default function MemberProfilePage({ userId }: { userId: string }) {
  const { t } = useTranslation("profile");
  const { t: tc } = useTranslation();
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const query = useQuery(personProfileQueryOptions(userId));
  const unblock = useUnblockPerson();
  const [blocking, setBlocking] = useState(false);
  useDocumentTitle(query.data?.profile.fullName ?? t("title"));

  if (query.isPending) return <ProfileSkeleton label={t("loading")} />;
  if (query.isError) {
    if (isApiError(query.error, 404)) {
      return (
        <div className="mt-6 flex flex-col items-center gap-3 rounded-2xl border border-border bg-surface p-8 text-center">
          <UserX className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
          <h1 className="text-lg font-semibold text-foreground">{t("notFound")}</h1>
          <Button variant="outline" onClick={() => router.history.back()}>
            {t("back")}
          </Button>
        </div>
      );
    }
    return <ProfileLoadError error={query.error} onRetry={() => void query.refetch()} />;
  }

  const { profile, stats, level, communities, activity, isSelf, blockedByMe } = query.data;
  const person = { id: profile.id, fullName: profile.fullName };
  const chat = `/new-chat?user=${encodeURIComponent(profile.id)}`;
  const actions = isSelf ? (
    <Link to="/edit-profile" className={buttonClasses({ variant: "outline" })}>
      {t("editProfile")}
    </Link>
  ) : blockedByMe ? (
    <Button
      variant="outline"
      loading={unblock.isPending}
      aria-label={tc("blocks.unblockPerson", { name: profile.fullName })}
      onClick={() =>
        unblock.mutate(profile.id, {
          onSuccess: () => toast({ title: tc("blocks.unblocked", { name: profile.fullName }), variant: "success" }),
          onError: (err) => toast({ title: tc("blocks.unblockFailed"), description: errorMessage(err), variant: "destructive" }),
        })
      }
    >
      {tc("blocks.unblock")}
    </Button>
  ) : (
    <>
      <a
        href={chat}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
          e.preventDefault();
          void router.navigate({ href: chat });
        }}
        aria-label={t("messageTo", { name: profile.fullName })}
        className={buttonClasses()}
      >
        <MessageCircle className="h-4 w-4" aria-hidden="true" />
        {t("message")}
      </a>
      <Button
        variant="outline"
        onClick={() => setBlocking(true)}
        aria-label={tc("blocks.blockPerson", { name: profile.fullName })}
      >
        <Ban className="h-4 w-4" aria-hidden="true" />
        {tc("blocks.block")}
      </Button>
    </>
  );

  return (
    <div className="space-y-6">
      <ProfileHeader profile={profile} level={level} actions={actions} />
      {blockedByMe ? (
        <p role="status" className="rounded-2xl border border-border bg-surface p-4 text-muted-foreground">
          {t("youBlocked")}
        </p>
      ) : (
        <>
          <ProfileStats stats={stats} />
          <CommunityTiles communities={communities} own={isSelf} />
          <RecentActivity userId={profile.id} items={activity.items} hasMore={activity.nextCursor !== null} />
        </>
      )}
      <BlockPersonDialog person={person} open={blocking} onOpenChange={setBlocking} />
    </div>
  );
}
