import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ChevronRight, FileQuestion } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../components/load-error";
import { buttonClasses } from "../../components/ui/button";
import { isApiError } from "../../lib/api";
import { useDocumentTitle } from "../../components/page";
import { useMyCommunities } from "../../lib/my-communities";
import { useSession } from "../../lib/session";
import { CommunitySidebar } from "./community-sidebar";
import { excerpt } from "../../lib/content-format";
import { LiveStateContext } from "./live-context";
import { LiveIndicator } from "./live-indicator";
import { PostCard } from "./post-card";
import { postQueryOptions } from "./queries";
import { PostSkeleton } from "./skeletons";
import { useCommunityLive } from "./use-community-live";

function PostNotFound() {
  const { t } = useTranslation("feed");
  useDocumentTitle(t("postPage.notFoundTitle"));
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-2xl border border-border bg-surface p-10 text-center">
      <FileQuestion className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-xl font-semibold text-foreground">{t("postPage.notFoundTitle")}</h1>
      <p className="text-muted-foreground">{t("postPage.notFoundDescription")}</p>
      <Link to="/" className={buttonClasses()}>
        {t("postPage.backToFeed")}
      </Link>
    </div>
  );
}

/** /post/$postId: the post with its comments open, a breadcrumb, and its community's sidebar, live. */
export function PostPage({ postId }: { postId: string }) {
  const { t } = useTranslation("feed");
  const navigate = useNavigate();
  const viewerId = useSession().user?.id ?? null;
  const query = useQuery(postQueryOptions(postId));
  const detail = query.data;
  const communityId = detail?.community.id ?? null;
  const live = useCommunityLive(communityId);
  // An archived community is read-only for everyone (the server refuses writes too).
  const archived = useMyCommunities().data?.find((c) => c.id === communityId)?.archived ?? false;
  const title = detail ? detail.post.headline || excerpt(detail.post.content) : null;
  useDocumentTitle(title ?? t("postPage.title"));

  if (query.isPending) {
    return (
      <div role="status" className="max-w-3xl">
        <span className="sr-only">{t("loading")}</span>
        <PostSkeleton />
      </div>
    );
  }
  if (query.isError) {
    if (isApiError(query.error, 404)) return <PostNotFound />;
    return (
      <LoadError message={t("postPage.loadFailed")} retryLabel={t("common.tryAgain")} onRetry={() => void query.refetch()} />
    );
  }

  const { post, community } = query.data;
  return (
    <LiveStateContext.Provider value={live.state}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <nav aria-label={t("postPage.breadcrumb")} className="min-w-0 text-sm">
          <ol className="flex min-w-0 items-center gap-1 text-muted-foreground">
            <li className="shrink-0">
              <Link to="/" className="hover:text-foreground hover:underline">
                {t("postPage.home")}
              </Link>
            </li>
            <li className="flex min-w-0 shrink items-center gap-1">
              <ChevronRight className="h-4 w-4 shrink-0" aria-hidden="true" />
              <Link to="/" search={{ id: community.id }} className="truncate hover:text-foreground hover:underline">
                {community.name}
              </Link>
            </li>
            <li className="flex min-w-0 flex-1 items-center gap-1">
              <ChevronRight className="h-4 w-4 shrink-0" aria-hidden="true" />
              <span className="truncate font-medium text-foreground" aria-current="page">
                {excerpt(post.headline || post.content, 80)}
              </span>
            </li>
          </ol>
        </nav>
        <LiveIndicator state={live.state} />
      </div>

      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          <PostCard post={post} viewerId={viewerId} readOnly={archived} detail onDeleted={() => void navigate({ to: "/" })} />
        </div>
        <CommunitySidebar
          communityId={community.id}
          onTopic={(topic) => void navigate({ to: "/", search: { id: community.id, topic } })}
        />
      </div>
    </LiveStateContext.Provider>
  );
}
