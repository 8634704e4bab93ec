import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { call } from "../../lib/api";
import { patch } from "../../lib/cache-write";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { updatePost } from "./cache";
import type { Post } from "../../../common/contract/feed";

/** Who voted what on one post's poll: its author's and admins' view, read when they open it. */
export function pollVotersQueryOptions(communityId: string, postId: string) {
  return queryOptions({
    queryKey: ["feed", communityId, "poll-voters", postId] as const,
    queryFn: ({ signal }) => call("GET /api/posts/:postId/poll/voters", { params: { postId }, signal }),
  });
}

/**
 * A vote, or a changed one: the answer is the poll as the voter now sees it. Counts are not guessed
 * ahead of the server: they also move with everyone else's votes, which arrive through the room.
 */
export function useVote(post: Post) {
  const qc = useQueryClient();
  const { t } = useTranslation("feed");
  const errorMessage = useErrorMessage();
  return useMutation({
    mutationFn: (optionIds: string[]) =>
      call("PUT /api/posts/:postId/poll/vote", { params: { postId: post.id }, body: { optionIds } }),
    onSuccess: ({ poll }) => {
      updatePost(qc, post.communityId, post.id, (p) => patch(p, { poll }));
      void qc.invalidateQueries({ queryKey: pollVotersQueryOptions(post.communityId, post.id).queryKey });
    },
    onError: (err) => toast({ title: t("poll.voteFailed"), description: errorMessage(err), variant: "destructive" }),
  });
}
