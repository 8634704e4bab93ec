import { Link } from "@tanstack/react-router";
import { Heart, MessageSquare, Pin } from "lucide-react";
import { memo, Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LevelBadge, useLevelName } from "../../components/level-badge";
import { ProfileLink } from "../../components/profile-link";
import { Avatar } from "../../components/ui/avatar";
import { cn } from "../../lib/cn";
import { lazyWithPreload } from "../../lib/lazy";
import { useFormatter } from "../../lib/format/formatter";
import { useRelativeTime } from "../../lib/time";
import { AdminBadge } from "./admin-badge";
import { CommentThread } from "./comment-thread";
import { excerpt } from "../../lib/content-format";
import type { PostDialogKind } from "./post-dialogs";
import { PostImages } from "./post-images";
import { PostMenu } from "./post-menu";
import { useLikePost } from "./post-mutations";
import { RichText } from "./rich-text";
import { TopicBadge } from "./topic-badge";
import { useMinuteTick } from "./use-minute-tick";
import type { Post } from "../../../common/contract/feed";

const PostDialogs = lazyWithPreload(() => import("./post-dialogs"));
// Its own chunk: most posts have no poll, and the first screen's budget has no room for one.
const PollView = lazyWithPreload(() => import("./poll-view"));

type PostCardProps = {
  post: Post;
  /**
   * The signed-in reader's id, read once by the list: a session read per card was an observer of its own
   * (with its own stale timer) for each of a page's twenty cards, all subscribing as the page hydrated.
   */
  viewerId: string | null;
  readOnly?: boolean;
  /** The post page shows the comments open and the headline as the page's h1. */
  detail?: boolean;
  onDeleted?: () => void;
};

/**
 * Memoised: the list around the cards re-renders on every change of its query's state (a refetch
 * starting or ending), and a post that did not change keeps its object, so its card is skipped.
 */
export const PostCard = memo(function PostCard({ post, viewerId, readOnly = false, detail = false, onDeleted }: PostCardProps) {
  const { t } = useTranslation("feed");
  const relative = useRelativeTime();
  const format = useFormatter();
  useMinuteTick();
  const like = useLikePost();
  const id = useId();
  const [commentsOpen, setCommentsOpen] = useState(detail);
  const [dialog, setDialog] = useState<{ kind: PostDialogKind; open: boolean; seq: number } | null>(null);
  // No author: their account was deleted, and what others answered stays (DESIGN.md, deletion).
  const name = post.author ? post.author.fullName || t("post.unknownUser") : t("post.deletedUser");
  const isOwn = viewerId !== null && post.author?.id === viewerId;
  const Heading = detail ? "h1" : "h2";
  const levelName = useLevelName(undefined);

  const toggleLike = () => {
    if (readOnly || like.isPending) return;
    like.mutate({ post, like: !post.userHasLiked });
  };

  return (
    <article
      aria-labelledby={`${id}-author ${id}-title`}
      className="rounded-2xl border border-border bg-surface p-4 shadow-sm sm:p-5"
    >
      <header className="flex items-start gap-3">
        <span className="relative shrink-0">
          <ProfileLink userId={post.author?.id} duplicate>
            <Avatar src={post.author?.avatarUrl} name={name} size="md" />
          </ProfileLink>
          {post.author && <LevelBadge level={post.authorLevel} label={levelName(post.authorLevel)} />}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <ProfileLink userId={post.author?.id} className="truncate font-semibold text-foreground">
              <span id={`${id}-author`}>{name}</span>
            </ProfileLink>
            {post.isAuthorAdmin && <AdminBadge />}
            {post.pinned && (
              <span className="inline-flex items-center gap-1 text-xs font-medium text-link">
                <Pin className="h-3.5 w-3.5" aria-hidden="true" />
                {t("post.pinned")}
              </span>
            )}
          </div>
          <div className="mt-0.5 flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
            {/* At least 24 px tall: a smaller target this close to the author's link is easy to miss on a phone. */}
            <Link to="/post/$postId" params={{ postId: post.id }} className="inline-flex min-h-6 items-center hover:underline">
              <time dateTime={new Date(post.createdAt).toISOString()} title={format.dateTime(post.createdAt)}>
                {relative(post.createdAt, "feed")}
              </time>
            </Link>
            {post.editedAt !== null && <span>{t("post.edited")}</span>}
          </div>
        </div>
        <PostMenu
          post={post}
          isOwn={isOwn}
          onIntent={() => void PostDialogs.preload()}
          onDialog={(kind) => setDialog((d) => ({ kind, open: true, seq: (d?.seq ?? 0) + 1 }))}
        />
      </header>

      {post.topic && <TopicBadge topic={post.topic} className="mt-3" />}
      <Heading
        id={`${id}-title`}
        className={cn("mt-2 font-semibold break-words text-foreground", detail ? "text-xl sm:text-2xl" : "text-lg")}
      >
        {post.headline ? (
          detail ? (
            post.headline
          ) : (
            <Link to="/post/$postId" params={{ postId: post.id }} className="hover:underline">
              {post.headline}
            </Link>
          )
        ) : (
          <span className="sr-only">{excerpt(post.content)}</span>
        )}
      </Heading>
      <RichText content={post.content} className="mt-1 text-[15px] leading-relaxed text-foreground" />
      <PostImages urls={post.imageUrls} />
      {post.poll && (
        <Suspense
          fallback={
            <div className="mt-3 rounded-xl border border-border" style={{ minHeight: 48 * post.poll.options.length + 40 }} />
          }
        >
          <PollView post={{ ...post, poll: post.poll }} readOnly={readOnly} />
        </Suspense>
      )}

      <div className="mt-3 flex items-center gap-1 border-t border-border pt-2">
        <button
          type="button"
          onClick={toggleLike}
          aria-pressed={post.userHasLiked}
          aria-disabled={readOnly || undefined}
          aria-label={t("post.likeLabel", { count: post.likesCount })}
          className={cn(
            "inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium hover:bg-muted",
            post.userHasLiked ? "text-rose-600 dark:text-rose-400" : "text-muted-foreground",
            readOnly && "cursor-not-allowed opacity-60",
          )}
        >
          <Heart className="h-5 w-5" fill={post.userHasLiked ? "currentColor" : "none"} aria-hidden="true" />
          <span className="tabular-nums" data-testid="likes-count">
            {post.likesCount}
          </span>
        </button>
        <button
          type="button"
          onClick={() => setCommentsOpen((v) => !v)}
          aria-expanded={commentsOpen}
          aria-controls={`${id}-comments`}
          aria-label={t("post.commentsLabel", { count: post.commentsCount })}
          className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-muted-foreground hover:bg-muted"
        >
          <MessageSquare className="h-5 w-5" aria-hidden="true" />
          <span className="tabular-nums" data-testid="comments-count">
            {post.commentsCount}
          </span>
        </button>
      </div>

      <div id={`${id}-comments`}>{commentsOpen && <CommentThread post={post} viewerId={viewerId} readOnly={readOnly} />}</div>

      {dialog && (
        <Suspense fallback={null}>
          <PostDialogs
            key={dialog.seq}
            post={post}
            kind={dialog.kind}
            open={dialog.open}
            onOpenChange={(open) => setDialog((d) => d && { ...d, open })}
            onDeleted={onDeleted}
          />
        </Suspense>
      )}
    </article>
  );
});
