import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { call } from "../../lib/api";
import { patch } from "../../lib/cache-write";
import { useCreateMutation } from "../../lib/create-mutation";
import { useErrorMessage } from "../../lib/errors";
import { queueCall } from "../../lib/offline/outbox";
import { toast } from "../../lib/toast";
import { adjustPostsCount, insertPost, removePost, updatePost } from "./cache";
import { feedKeys } from "./queries";
import type { BodyOf } from "../../../common/contract";
import type { Post } from "../../../common/contract/feed";

/**
 * Likes show at once and roll back if the server refuses (DESIGN section 6). The rollback restores only
 * this post's like fields, so a live counter that arrived meanwhile is not undone with it.
 */
export function useLikePost() {
  const qc = useQueryClient();
  const { t } = useTranslation("feed");
  const errorMessage = useErrorMessage();
  return useMutation({
    mutationFn: ({ post, like }: { post: Post; like: boolean }) =>
      call(like ? "POST /api/posts/:postId/like" : "DELETE /api/posts/:postId/like", { params: { postId: post.id } }),
    onMutate: ({ post, like }) => {
      const previous: Pick<Post, "userHasLiked" | "likesCount"> = {
        userHasLiked: post.userHasLiked,
        likesCount: post.likesCount,
      };
      updatePost(qc, post.communityId, post.id, (p) =>
        patch(p, { userHasLiked: like, likesCount: Math.max(0, p.likesCount + (like ? 1 : -1)) }),
      );
      return previous;
    },
    onError: (err, { post }, previous) => {
      if (previous) updatePost(qc, post.communityId, post.id, (p) => patch(p, previous));
      toast({ title: t("post.likeFailed"), description: errorMessage(err), variant: "destructive" });
    },
    onSuccess: (res, { post }) => {
      updatePost(qc, post.communityId, post.id, (p) => patch(p, { userHasLiked: res.liked, likesCount: res.likesCount }));
    },
  });
}

export function useCreatePost(communityId: string) {
  const qc = useQueryClient();
  return useCreateMutation({
    mutationFn: (body: BodyOf<"POST /api/communities/:id/posts">, idempotencyKey) =>
      call("POST /api/communities/:id/posts", { params: { id: communityId }, body, idempotencyKey }),
    onSuccess: ({ post }) => {
      insertPost(qc, communityId, post);
      adjustPostsCount(qc, communityId, post.id, 1);
      // Topic pills count posts; the lists of other filters learn about it on their next visit.
      void qc.invalidateQueries({ queryKey: feedKeys.topics(communityId) });
    },
  });
}

export const pendingPostsScope = (communityId: string) => `posts:${communityId}`;

/** Keeps a post written offline; it is sent, and the feed refreshed, once the browser is online again. */
export function useQueuePost(communityId: string) {
  const qc = useQueryClient();
  return (body: BodyOf<"POST /api/communities/:id/posts">) =>
    queueCall(qc, "POST /api/communities/:id/posts", {
      params: { id: communityId },
      body,
      scope: pendingPostsScope(communityId),
      refresh: [[...feedKeys.community(communityId)]],
    });
}

export function useEditPost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ post, body }: { post: Post; body: BodyOf<"PATCH /api/posts/:postId"> }) =>
      call("PATCH /api/posts/:postId", { params: { postId: post.id }, body }),
    onSuccess: ({ post: fresh }, { post }) => {
      updatePost(qc, post.communityId, post.id, (old) => patch(old, fresh));
      if (fresh.topic?.id !== post.topic?.id) {
        void qc.invalidateQueries({ queryKey: feedKeys.posts(post.communityId) });
        void qc.invalidateQueries({ queryKey: feedKeys.topics(post.communityId) });
      }
    },
  });
}

/**
 * The toasts live here, not in `mutate` callbacks: the room's post.deleted can remove the card (and the
 * dialog with it) before this request answers, and callbacks of an unmounted `mutate` never run.
 */
export function useDeletePost() {
  const qc = useQueryClient();
  const { t } = useTranslation("feed");
  const errorMessage = useErrorMessage();
  return useMutation({
    mutationFn: (post: Post) => call("DELETE /api/posts/:postId", { params: { postId: post.id } }),
    onSuccess: (_, post) => {
      removePost(qc, post.communityId, post.id);
      adjustPostsCount(qc, post.communityId, post.id, -1);
      qc.removeQueries({ queryKey: feedKeys.thread(post.communityId, post.id) });
      void qc.invalidateQueries({ queryKey: feedKeys.topics(post.communityId) });
      toast({ title: t("delete.success"), variant: "success" });
    },
    onError: (err) => toast({ title: t("delete.failed"), description: errorMessage(err), variant: "destructive" }),
  });
}

export function usePinPost() {
  const qc = useQueryClient();
  const { t } = useTranslation("feed");
  const errorMessage = useErrorMessage();
  return useMutation({
    mutationFn: ({ post, pinned }: { post: Post; pinned: boolean }) =>
      call(pinned ? "POST /api/posts/:postId/pin" : "DELETE /api/posts/:postId/pin", { params: { postId: post.id } }),
    onSuccess: (_, { post, pinned }) => {
      updatePost(qc, post.communityId, post.id, (p) => patch(p, { pinned }));
      void qc.invalidateQueries({ queryKey: feedKeys.posts(post.communityId) });
      toast({ title: pinned ? t("post.pinnedToast") : t("post.unpinnedToast"), variant: "success" });
    },
    onError: (err) => toast({ title: t("post.pinFailed"), description: errorMessage(err), variant: "destructive" }),
  });
}

export function useReport() {
  return useCreateMutation({
    mutationFn: ({ kind, id, reason }: { kind: "post" | "comment"; id: string; reason: string }, idempotencyKey) =>
      kind === "post"
        ? call("POST /api/posts/:postId/report", { params: { postId: id }, body: { reason }, idempotencyKey })
        : call("POST /api/comments/:commentId/report", { params: { commentId: id }, body: { reason }, idempotencyKey }),
  });
}
