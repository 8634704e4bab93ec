import { useInfiniteQuery } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import { useEffect } from "react";
import { useProgressiveCount } from "../../lib/progressive-list";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../components/load-error";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { usePendingWrites } from "../../lib/offline/outbox";
import { useSession } from "../../lib/session";
import { toast } from "../../lib/toast";
import { PendingPostCard } from "./pending-post-card";
import { PostCard } from "./post-card";
import { pendingPostsScope } from "./post-mutations";
import { postListQueryOptions } from "./queries";
import { PostSkeletons } from "./skeletons";
import { useInfiniteScroll } from "../../lib/use-infinite-scroll";

/** Posts a phone's first screen shows at most; the rest of the page renders right after. */
const FIRST_SCREEN_POSTS = 3;

type FeedListProps = { communityId: string; topicId: string | null; readOnly: boolean; onCreate: () => void };

/** The posts, pinned first, loading more as the reader nears the end (or presses 'Load more'). */
export function FeedList({ communityId, topicId, readOnly, onCreate }: FeedListProps) {
  const { t } = useTranslation("feed");
  const viewerId = useSession().user?.id ?? null;
  const posts = useInfiniteQuery(postListQueryOptions(communityId, topicId));
  const canLoadMore = posts.hasNextPage && !posts.isFetchingNextPage && !posts.isError;
  const sentinel = useInfiniteScroll<HTMLDivElement>(() => void posts.fetchNextPage(), canLoadMore);
  const pending = usePendingWrites(pendingPostsScope(communityId)).filter((w) => !topicId || w.body.topicId === topicId);
  const items = posts.data?.pages.flatMap((p) => p.items) ?? [];
  const shown = useProgressiveCount(items.length, FIRST_SCREEN_POSTS, !posts.isPending);

  // Spec 000 section 8: a failed load says 'Error — Failed to load posts'.
  const { error, errorUpdatedAt } = posts;
  useEffect(() => {
    if (error) toast({ title: t("loadFailed.title"), description: t("loadFailed.description"), variant: "destructive" });
  }, [error, errorUpdatedAt, t]);

  if (posts.isPending) return <PostSkeletons label={t("loading")} />;

  if (posts.isError && items.length === 0 && pending.length === 0) {
    // The toast above already announces the failure.
    return (
      <LoadError
        announce={false}
        message={t("loadFailed.description")}
        retryLabel={t("common.tryAgain")}
        onRetry={() => void posts.refetch()}
      />
    );
  }

  if (items.length === 0 && pending.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-surface p-10 text-center">
        <FileText className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-lg font-semibold text-foreground">{t("empty.title")}</h2>
        <p className="text-sm text-muted-foreground">{topicId ? t("empty.topicDescription") : t("empty.description")}</p>
        {!readOnly && <Button onClick={onCreate}>{t("empty.createFirst")}</Button>}
      </div>
    );
  }

  return (
    <div>
      <div className="space-y-4" aria-busy={posts.isFetching || undefined}>
        {pending.map((write) => (
          <PendingPostCard key={write.id} write={write} />
        ))}
        {items.slice(0, shown).map((post) => (
          <PostCard key={post.id} post={post} viewerId={viewerId} readOnly={readOnly} />
        ))}
      </div>
      <div ref={sentinel} className="flex min-h-16 flex-col items-center justify-center gap-2 py-6">
        {posts.hasNextPage ? (
          // Stays in place (aria-disabled, not disabled) while loading, so a keyboard user keeps focus on it.
          <Button
            variant="outline"
            aria-disabled={posts.isFetchingNextPage || undefined}
            onClick={() => !posts.isFetchingNextPage && void posts.fetchNextPage()}
          >
            {posts.isFetchingNextPage && <Spinner size="sm" decorative />}
            {posts.isFetchingNextPage ? t("loadingMore") : t("loadMore")}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">{t("endOfFeed")}</p>
        )}
      </div>
    </div>
  );
}
