import type { QueryClient } from "@tanstack/react-query";
import type { RoomMessages } from "../../../common/realtime-protocol";
import {
  adjustPostsCount,
  cachedPost,
  insertPost,
  refetchForNewComment,
  removeComment,
  removePost,
  setOnline,
  changeOnline,
  setPollCounts,
  setPostCounters,
  updatePost,
} from "./cache";
import { feedKeys, postQueryOptions } from "./queries";
import type { Post, PostDetail } from "../../../common/contract/feed";

export type CommunityMessage = RoomMessages["community-room"];

/** What the feed may want to tell a screen reader about (someone else's new post). */
export type LiveNotice = { kind: "post.created"; post: Post };

/**
 * Writes one CommunityRoom event into the query cache. The room sends ids (and counters) only: what a
 * post or comment now says, and what this viewer may do with it, always comes from the API, which
 * answers with this viewer's view (or 404 when a block hides it, and then nothing appears).
 */
export function applyCommunityEvent(
  qc: QueryClient,
  communityId: string,
  event: CommunityMessage,
  viewerId: string | null,
  onNotice?: (notice: LiveNotice) => void,
): void {
  switch (event.type) {
    case "post.created":
      void qc
        .fetchQuery(postQueryOptions(event.postId))
        .then(({ post }) => {
          if (!insertPost(qc, communityId, post)) return;
          adjustPostsCount(qc, communityId, post.id, 1);
          if (post.author?.id !== viewerId) onNotice?.({ kind: "post.created", post });
        })
        .catch(() => undefined);
      return;
    case "post.updated":
      refreshPost(qc, communityId, event.postId);
      return;
    case "post.deleted":
      removePost(qc, communityId, event.postId);
      adjustPostsCount(qc, communityId, event.postId, -1);
      void qc.invalidateQueries({ queryKey: feedKeys.post(event.postId), exact: true });
      return;
    case "post.counters":
      setPostCounters(qc, communityId, event.postId, event.likesCount, event.commentsCount);
      return;
    case "poll.counts":
      setPollCounts(qc, communityId, event.postId, event.voters, event.options);
      return;
    case "comment.created":
      refetchForNewComment(qc, communityId, event.postId, event.commentId, event.parentId ?? null);
      return;
    case "comment.deleted":
      removeComment(qc, communityId, event.postId, event.commentId);
      return;
    case "presence":
      setOnline(qc, communityId, event.online, event.count);
      return;
    case "presence.changed":
      changeOnline(qc, communityId, event.joined, event.left, event.count);
      return;
    default:
      return;
  }
}

/**
 * An edit, a pin or a topic change: the post is read again. One that may now sit elsewhere (pinned or
 * unpinned, moved to another topic, or newly pinned while not loaded here) re-sorts the lists.
 */
function refreshPost(qc: QueryClient, communityId: string, postId: string) {
  const before = cachedPost(qc, communityId, postId);
  void qc
    .fetchQuery({ ...postQueryOptions(postId), staleTime: 0 })
    .then(({ post }) => {
      updatePost(qc, communityId, postId, () => post);
      const moved = before ? before.pinned !== post.pinned || before.topic?.id !== post.topic?.id : post.pinned;
      if (moved) void qc.invalidateQueries({ queryKey: feedKeys.posts(communityId) });
    })
    .catch(() => undefined);
}

/** After a reconnect, anything may have been missed: refetch what this community (and only it) shows. */
export function refreshCommunity(qc: QueryClient, communityId: string) {
  void qc.invalidateQueries({ queryKey: feedKeys.community(communityId) });
  void qc.invalidateQueries({
    queryKey: feedKeys.postPages(),
    predicate: (query) => (query.state.data as PostDetail | undefined)?.post.communityId === communityId,
  });
}
