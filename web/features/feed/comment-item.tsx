import { useInfiniteQuery } from "@tanstack/react-query";
import { ChevronDown, ChevronUp, Flag, Heart, MoreHorizontal, Reply, Trash2 } from "lucide-react";
import { Suspense, useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LevelBadge, useLevelName } from "../../components/level-badge";
import { LoadError } from "../../components/load-error";
import { ProfileLink } from "../../components/profile-link";
import { Avatar } from "../../components/ui/avatar";
import { DropdownMenu, MenuItem } from "../../components/ui/dropdown-menu";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { lazyWithPreload } from "../../lib/lazy";
import { useRelativeTime } from "../../lib/time";
import type { CommentDialogKind } from "./comment-dialogs";
import { useLikeComment } from "./comment-mutations";
import { AdminBadge } from "./admin-badge";
import { repliesQueryOptions } from "./queries";
import { RichText } from "./rich-text";
import { useMinuteTick } from "./use-minute-tick";
import type { Comment, Post } from "../../../common/contract/feed";

const CommentDialogs = lazyWithPreload(() => import("./comment-dialogs"));

type CommentItemProps = {
  post: Post;
  comment: Comment;
  /** The signed-in reader's id, read once by the thread (see PostCard's). */
  viewerId: string | null;
  readOnly: boolean;
  /** Top-level comments only: the thread's single open reply box. */
  replyBox?: ReactNode;
  onReply?: () => void;
  replying?: boolean;
};

export function CommentItem({ post, comment, viewerId, readOnly, replyBox, onReply, replying }: CommentItemProps) {
  const { t } = useTranslation("feed");
  const relative = useRelativeTime();
  useMinuteTick();
  const like = useLikeComment(post);
  const id = useId();
  const [showReplies, setShowReplies] = useState(false);
  const [dialog, setDialog] = useState<{ kind: CommentDialogKind; open: boolean; seq: number } | null>(null);
  const name = comment.author ? comment.author.fullName || t("post.unknownUser") : t("post.deletedUser");
  const isOwn = viewerId !== null && comment.author?.id === viewerId;
  const isReply = comment.parentCommentId !== null;
  const levelName = useLevelName(undefined);
  const openDialog = (kind: CommentDialogKind) => setDialog((d) => ({ kind, open: true, seq: (d?.seq ?? 0) + 1 }));

  return (
    <li className="flex gap-2.5">
      <span className="relative mt-0.5 h-fit shrink-0">
        <ProfileLink userId={comment.author?.id} duplicate>
          <Avatar src={comment.author?.avatarUrl} name={name} size={isReply ? "xs" : "sm"} />
        </ProfileLink>
        {comment.author && (
          <LevelBadge level={comment.authorLevel} label={levelName(comment.authorLevel)} className="h-4 min-w-4 text-[10px]" />
        )}
      </span>
      <div className="min-w-0 flex-1">
        <div className="rounded-xl bg-muted px-3 py-2">
          <div className="flex items-start gap-2">
            <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-0.5">
              <ProfileLink userId={comment.author?.id} className="truncate text-sm font-semibold text-foreground">
                {name}
              </ProfileLink>
              {comment.isAuthorAdmin && <AdminBadge />}
              <time dateTime={new Date(comment.createdAt).toISOString()} className="text-xs text-muted-foreground">
                {relative(comment.createdAt, "feed")}
              </time>
            </div>
            {(comment.canDelete || !isOwn) && (
              <DropdownMenu
                triggerLabel={t("comments.menu", { name })}
                menuLabel={t("comments.menu", { name })}
                onTriggerIntent={() => void CommentDialogs.preload()}
                triggerClassName="-mt-1 -mr-1.5 inline-flex h-7 w-7 items-center justify-center rounded-md text-muted-foreground hover:bg-border hover:text-foreground"
                contentClassName="absolute top-full right-0 z-30 mt-1 w-48"
                trigger={<MoreHorizontal className="h-4 w-4" aria-hidden="true" />}
              >
                {!isOwn && (
                  <MenuItem onSelect={() => openDialog("report")}>
                    <Flag className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
                    {t("comments.report")}
                  </MenuItem>
                )}
                {comment.canDelete && (
                  <MenuItem onSelect={() => openDialog("delete")} className="text-destructive-text">
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                    {t("comments.delete")}
                  </MenuItem>
                )}
              </DropdownMenu>
            )}
          </div>
          <RichText content={comment.content} className="mt-0.5 text-sm text-foreground" />
        </div>

        <div className="mt-1 flex flex-wrap items-center gap-x-1 text-xs">
          <button
            type="button"
            aria-pressed={comment.userHasLiked}
            aria-disabled={readOnly || undefined}
            aria-label={t("comments.likeLabel", { count: comment.likesCount })}
            onClick={() => !readOnly && !like.isPending && like.mutate({ comment, like: !comment.userHasLiked })}
            className={cn(
              "inline-flex h-7 items-center gap-1 rounded-md px-2 font-medium hover:bg-muted",
              comment.userHasLiked ? "text-rose-600 dark:text-rose-400" : "text-muted-foreground",
              readOnly && "cursor-not-allowed opacity-60",
            )}
          >
            <Heart className="h-3.5 w-3.5" fill={comment.userHasLiked ? "currentColor" : "none"} aria-hidden="true" />
            <span className="tabular-nums">{comment.likesCount}</span>
          </button>
          {!isReply && !readOnly && onReply && (
            <button
              type="button"
              onClick={() => {
                // Replying shows the conversation it joins.
                if (!replying) setShowReplies(true);
                onReply();
              }}
              aria-expanded={replying}
              className="inline-flex h-7 items-center gap-1 rounded-md px-2 font-medium text-muted-foreground hover:bg-muted"
            >
              <Reply className="h-3.5 w-3.5" aria-hidden="true" />
              {t("comments.reply")}
            </button>
          )}
          {!isReply && comment.repliesCount > 0 && (
            <button
              type="button"
              onClick={() => setShowReplies((v) => !v)}
              aria-expanded={showReplies}
              aria-controls={`${id}-replies`}
              className="inline-flex h-7 items-center gap-1 rounded-md px-2 font-medium text-link hover:bg-muted"
            >
              {showReplies ? (
                <ChevronUp className="h-3.5 w-3.5" aria-hidden="true" />
              ) : (
                <ChevronDown className="h-3.5 w-3.5" aria-hidden="true" />
              )}
              {showReplies
                ? t("comments.hideReplies", { count: comment.repliesCount })
                : t("comments.showReplies", { count: comment.repliesCount })}
            </button>
          )}
        </div>

        {!isReply && (
          <div id={`${id}-replies`}>
            {showReplies && <Replies post={post} comment={comment} viewerId={viewerId} readOnly={readOnly} />}
            {replyBox}
          </div>
        )}
      </div>

      {dialog && (
        <Suspense fallback={null}>
          <CommentDialogs
            key={dialog.seq}
            post={post}
            comment={comment}
            kind={dialog.kind}
            open={dialog.open}
            onOpenChange={(open) => setDialog((d) => d && { ...d, open })}
          />
        </Suspense>
      )}
    </li>
  );
}

function Replies({
  post,
  comment,
  viewerId,
  readOnly,
}: {
  post: Post;
  comment: Comment;
  viewerId: string | null;
  readOnly: boolean;
}) {
  const { t } = useTranslation("feed");
  const replies = useInfiniteQuery(repliesQueryOptions(post.communityId, post.id, comment.id));
  const items = replies.data?.pages.flatMap((p) => p.items) ?? [];

  if (replies.isPending) {
    return (
      <p className="mt-2 flex items-center gap-2 text-xs text-muted-foreground">
        <Spinner size="sm" decorative />
        {t("comments.loadingReplies")}
      </p>
    );
  }
  if (replies.isError) {
    return (
      <LoadError
        variant="inline"
        announce={false}
        className="mt-2 text-xs"
        message={t("comments.loadFailed")}
        retryLabel={t("common.tryAgain")}
        onRetry={() => void replies.refetch()}
      />
    );
  }
  if (items.length === 0) return <p className="mt-2 text-xs text-muted-foreground">{t("comments.noReplies")}</p>;
  return (
    <>
      <ul
        className="mt-2 space-y-2"
        aria-label={t("comments.repliesLabel", { name: comment.author?.fullName || t("post.unknownUser") })}
      >
        {items.map((reply) => (
          <CommentItem key={reply.id} post={post} comment={reply} viewerId={viewerId} readOnly={readOnly} />
        ))}
      </ul>
      {replies.hasNextPage && (
        <button
          type="button"
          onClick={() => void replies.fetchNextPage()}
          disabled={replies.isFetchingNextPage}
          className="mt-2 text-xs font-medium text-link hover:underline"
        >
          {t("comments.loadMoreReplies")}
        </button>
      )}
    </>
  );
}
