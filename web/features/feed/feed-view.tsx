import { useQuery } from "@tanstack/react-query";
import { PenSquare } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/ui/avatar";
import { lazyWithPreload } from "../../lib/lazy";
import { useSession } from "../../lib/session";
import type { MyCommunity } from "../../../common/contract/me";
import { CommunitySidebar } from "./community-sidebar";
import { FeedList } from "./feed-list";
import { LiveStateContext } from "./live-context";
import { LiveIndicator } from "./live-indicator";
import { topicsQueryOptions } from "./queries";
import { TopicPills } from "./topic-pills";
import { useCommunityLive } from "./use-community-live";

const CreatePostDialog = lazyWithPreload(() => import("./create-post-dialog"));

type FeedViewProps = {
  community: MyCommunity;
  topicId: string | null;
  onTopicChange: (topicId: string | null) => void;
};

/**
 * The community feed of the home page (loaded on demand, so the first page stays light): topic pills,
 * the 'Share something' button, the posts and the sidebar, all kept live by the community room.
 */
export default function FeedView({ community, topicId, onTopicChange }: FeedViewProps) {
  const { t } = useTranslation("feed");
  const { user } = useSession();
  const topics = useQuery(topicsQueryOptions(community.id));
  const live = useCommunityLive(community.id);
  // Mounted from the first open on, so closing hands focus back to the button that opened it.
  const [create, setCreate] = useState({ mounted: false, open: false });
  const readOnly = community.archived;
  const openCreate = () => setCreate({ mounted: true, open: true });

  // A topic of another community (after a switch) or one that was deleted means 'All Posts'.
  const unknownTopic = !!topicId && topics.isSuccess && !topics.data.some((x) => x.id === topicId);
  useEffect(() => {
    if (unknownTopic) onTopicChange(null);
  }, [unknownTopic, onTopicChange]);

  return (
    <LiveStateContext.Provider value={live.state}>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-4">
          <div className="flex items-start justify-between gap-3">
            <TopicPills topics={topics.data ?? []} selected={topicId} onSelect={onTopicChange} />
            <LiveIndicator state={live.state} className="mt-2 shrink-0" />
          </div>

          {readOnly ? (
            <p className="rounded-xl border border-border bg-muted p-3 text-sm text-foreground">{t("readOnly")}</p>
          ) : (
            <button
              type="button"
              onClick={openCreate}
              onPointerEnter={() => void CreatePostDialog.preload()}
              onFocus={() => void CreatePostDialog.preload()}
              className="flex w-full items-center gap-3 rounded-2xl border border-border bg-surface p-3 text-left shadow-sm hover:bg-muted sm:p-4"
            >
              <Avatar src={user?.avatarUrl} name={user?.fullName ?? user?.email} size="md" />
              <span className="line-clamp-2 min-w-0 flex-1 text-muted-foreground">{t("share")}</span>
              <PenSquare className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            </button>
          )}

          <FeedList
            communityId={community.id}
            topicId={unknownTopic ? null : topicId}
            readOnly={readOnly}
            onCreate={openCreate}
          />
        </div>

        <CommunitySidebar communityId={community.id} onTopic={(id) => onTopicChange(id)} showMyCommunities />
      </div>

      <div className="sr-only" aria-live="polite" aria-atomic="true">
        {live.announcement}
      </div>

      {create.mounted && (
        <Suspense fallback={null}>
          <CreatePostDialog
            communityId={community.id}
            open={create.open}
            onOpenChange={(open) => setCreate((c) => ({ ...c, open }))}
          />
        </Suspense>
      )}
    </LiveStateContext.Provider>
  );
}
