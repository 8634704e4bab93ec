import { useInfiniteQuery } from "@tanstack/react-query";
import { MessageSquare } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../components/load-error";
import { Spinner } from "../../components/ui/spinner";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { CommentBox } from "./comment-box";
import { CommentItem } from "./comment-item";
import { isOffline, usePendingWrites } from "../../lib/offline/outbox";
import { pendingCommentsScope, useAddComment, useQueueComment } from "./comment-mutations";
import { PendingComment } from "./pending-comment";
import { COMMENT_MAX, REPLY_MAX } from "../../../common/contract/limits";
import { useLiveOpen } from "./live-context";
import { commentsQueryOptions } from "./queries";
import type { Post } from "../../../common/contract/feed";

/**
 * A post's comments, opened inline (spec 000 section 2): the comment box, the comments oldest first, and
 * under each one its replies and — for one comment at a time — a reply box.
 */
export function CommentThread({ post, viewerId, readOnly }: { post: Post; viewerId: string | null; readOnly: boolean }) {
  const { t } = useTranslation("feed");
  const errorMessage = useErrorMessage();
  const comments = useInfiniteQuery(commentsQueryOptions(post.communityId, post.id));
  const add = useAddComment(post, useLiveOpen());
  const queue = useQueueComment(post);
  const pending = usePendingWrites(pendingCommentsScope(post.id));
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const items = comments.data?.pages.flatMap((p) => p.items) ?? [];

  const send = async (content: string, parentCommentId: string | null) => {
    if (isOffline()) {
      await queue({ content, parentCommentId });
      toast({ title: t("pending.queued"), description: t("pending.commentQueuedDescription") });
      if (parentCommentId) setReplyingTo(null);
      return;
    }
    return add.mutateAsync({ content, parentCommentId }).then(
      () => {
        toast({ title: parentCommentId ? t("comments.replyAdded") : t("comments.added"), variant: "success" });
        if (parentCommentId) setReplyingTo(null);
      },
      (err: unknown) => {
        toast({
          title: parentCommentId ? t("comments.replyFailed") : t("comments.addFailed"),
          description: errorMessage(err),
          variant: "destructive",
        });
        throw err;
      },
    );
  };

  return (
    <section aria-label={t("comments.label")} className="mt-3 space-y-4 border-t border-border pt-4">
      {!readOnly && (
        <CommentBox
          communityId={post.communityId}
          max={COMMENT_MAX}
          label={t("comments.label")}
          placeholder={t("comments.placeholder")}
          submitLabel={t("comments.submit")}
          pending={add.isPending && add.variables?.parentCommentId === null}
          onSubmit={(content) => send(content, null)}
        />
      )}

      {comments.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner size="sm" decorative />
          {t("comments.loading")}
        </p>
      ) : comments.isError ? (
        <LoadError
          variant="inline"
          announce={false}
          className="text-sm"
          message={t("comments.loadFailed")}
          retryLabel={t("common.tryAgain")}
          onRetry={() => void comments.refetch()}
        />
      ) : items.length === 0 && pending.length === 0 ? (
        <div className="flex flex-col items-center gap-1 py-4 text-center">
          <MessageSquare className="h-6 w-6 text-muted-foreground" aria-hidden="true" />
          <p className="text-sm font-medium text-foreground">{t("comments.emptyTitle")}</p>
          <p className="text-sm text-muted-foreground">{t("comments.emptyDescription")}</p>
        </div>
      ) : null}
      {/* Comments written offline show whatever the thread's state: still loading, or failed to load. */}
      {(items.length > 0 || pending.length > 0) && (
        <ul className="space-y-3">
          {items.map((comment) => (
            <CommentItem
              key={comment.id}
              post={post}
              comment={comment}
              viewerId={viewerId}
              readOnly={readOnly}
              replying={replyingTo === comment.id}
              onReply={() => setReplyingTo((current) => (current === comment.id ? null : comment.id))}
              replyBox={
                replyingTo === comment.id && !readOnly ? (
                  <div className="mt-2">
                    <CommentBox
                      communityId={post.communityId}
                      max={REPLY_MAX}
                      label={t("comments.replyTo", { name: comment.author?.fullName || t("post.unknownUser") })}
                      placeholder={t("comments.replyPlaceholder")}
                      submitLabel={t("comments.submitReply")}
                      pending={add.isPending && add.variables?.parentCommentId === comment.id}
                      onSubmit={(content) => send(content, comment.id)}
                      onCancel={() => setReplyingTo(null)}
                      autoFocus
                    />
                  </div>
                ) : null
              }
            />
          ))}
          {pending.map((write) => (
            <PendingComment key={write.id} write={write} />
          ))}
        </ul>
      )}

      {comments.hasNextPage && (
        <button
          type="button"
          onClick={() => void comments.fetchNextPage()}
          disabled={comments.isFetchingNextPage}
          className="text-sm font-medium text-link hover:underline"
        >
          {comments.isFetchingNextPage ? t("comments.loading") : t("comments.loadMore")}
        </button>
      )}
    </section>
  );
}
