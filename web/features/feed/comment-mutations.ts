import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { call } from "../../lib/api";
import { patch } from "../../lib/cache-write";
import { useCreateMutation } from "../../lib/create-mutation";
import { useErrorMessage } from "../../lib/errors";
import { queueCall } from "../../lib/offline/outbox";
import { toast } from "../../lib/toast";
import { appendComment, removeComment, updateComment, updatePost } from "./cache";
import { feedKeys } from "./queries";
import type { Comment, Post } from "../../../common/contract/feed";

/**
 * A new comment or reply. The post's comment count follows the room's post.counters event; when the
 * room is not connected we count it ourselves so the number is right either way.
 */
export function useAddComment(post: Post, liveOpen: boolean) {
  const qc = useQueryClient();
  return useCreateMutation({
    mutationFn: ({ content, parentCommentId }: { content: string; parentCommentId: string | null }, idempotencyKey) =>
      call("POST /api/posts/:postId/comments", {
        params: { postId: post.id },
        body: { content, parentCommentId },
        idempotencyKey,
      }),
    onSuccess: ({ comment }) => {
      appendComment(qc, post.communityId, comment);
      if (!liveOpen) updatePost(qc, post.communityId, post.id, (p) => patch(p, { commentsCount: p.commentsCount + 1 }));
    },
  });
}

export const pendingCommentsScope = (postId: string) => `comments:${postId}`;

/** Keeps a comment or reply written offline; it is sent, and the thread refreshed, once back online. */
export function useQueueComment(post: Post) {
  const qc = useQueryClient();
  return (body: { content: string; parentCommentId: string | null }) =>
    queueCall(qc, "POST /api/posts/:postId/comments", {
      params: { postId: post.id },
      body,
      scope: pendingCommentsScope(post.id),
      refresh: [[...feedKeys.thread(post.communityId, post.id)], [...feedKeys.posts(post.communityId)]],
    });
}

export function useDeleteComment(post: Post, liveOpen: boolean) {
  const qc = useQueryClient();
  const { t } = useTranslation("feed");
  const errorMessage = useErrorMessage();
  return useMutation({
    mutationFn: (comment: Comment) => call("DELETE /api/comments/:commentId", { params: { commentId: comment.id } }),
    onSuccess: (_, comment) => {
      removeComment(qc, post.communityId, post.id, comment.id);
      if (!liveOpen) {
        const removed = 1 + (comment.parentCommentId ? 0 : comment.repliesCount);
        updatePost(qc, post.communityId, post.id, (p) => patch(p, { commentsCount: Math.max(0, p.commentsCount - removed) }));
      }
      toast({ title: t("comments.deleted"), variant: "success" });
    },
    onError: (err) => toast({ title: t("comments.deleteFailed"), description: errorMessage(err), variant: "destructive" }),
  });
}

export function useLikeComment(post: Pick<Post, "id" | "communityId">) {
  const qc = useQueryClient();
  const { t } = useTranslation("feed");
  const errorMessage = useErrorMessage();
  return useMutation({
    mutationFn: ({ comment, like }: { comment: Comment; like: boolean }) =>
      call(like ? "POST /api/comments/:commentId/like" : "DELETE /api/comments/:commentId/like", {
        params: { commentId: comment.id },
      }),
    onMutate: ({ comment, like }) => {
      const previous: Pick<Comment, "userHasLiked" | "likesCount"> = {
        userHasLiked: comment.userHasLiked,
        likesCount: comment.likesCount,
      };
      updateComment(qc, post.communityId, post.id, comment.id, (c) =>
        patch(c, { userHasLiked: like, likesCount: Math.max(0, c.likesCount + (like ? 1 : -1)) }),
      );
      return previous;
    },
    onError: (err, { comment }, previous) => {
      if (previous) updateComment(qc, post.communityId, post.id, comment.id, (c) => patch(c, previous));
      toast({ title: t("comments.likeFailed"), description: errorMessage(err), variant: "destructive" });
    },
    onSuccess: (res, { comment }) => {
      updateComment(qc, post.communityId, post.id, comment.id, (c) =>
        patch(c, { userHasLiked: res.liked, likesCount: res.likesCount }),
      );
    },
  });
}
