import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { RoomMessages } from "../../../common/realtime-protocol";
import {
  adjustPostsCount,
  appendComment,
  insertPost,
  removeComment,
  removePost,
  setOnline,
  setPostCounters,
  updatePost,
} from "./cache";
import { commentForViewer, postForViewer, type Viewer } from "./permissions";
import { feedKeys, postQueryOptions } from "./queries";
import type { Comment, Post } from "../../../common/contract/feed";
import type { Page } from "../../../common/contract/http";

export type CommunityMessage = RoomMessages["community-room"];

/** What the feed may want to tell a screen reader about (someone else's new post). */
export type LiveNotice = { kind: "post.created"; post: Post } | null;

function looksLikePost(value: unknown): value is Post {
  const p = value as Partial<Post> | null;
  return !!p && typeof p.id === "string" && typeof p.content === "string" && typeof p.createdAt === "number";
}

function looksLikeComment(value: unknown): value is Comment {
  const c = value as Partial<Comment> | null;
  return !!c && typeof c.id === "string" && typeof c.postId === "string" && typeof c.content === "string";
}

/**
 * Writes one CommunityRoom event into the query cache. Events that carry no usable data fall back to a
 * refetch of what they touch, so the screen is right even when the payload is not.
 */
export function applyCommunityEvent(
  qc: QueryClient,
  communityId: string,
  event: CommunityMessage,
  viewer: Viewer,
  onNotice?: (notice: LiveNotice) => void,
): LiveNotice {
  switch (event.type) {
    case "post.created": {
      const raw = event.data?.post;
      if (!looksLikePost(raw)) {
        // The room sends ids only; the API answers with this viewer's view of the post, or 404 when a
        // block hides it (then nothing appears).
        void qc
          .fetchQuery(postQueryOptions(event.postId))
          .then(({ post }) => {
            if (insertPost(qc, communityId, post)) {
              adjustPostsCount(qc, communityId, post.id, 1);
              if (post.author?.id !== viewer.userId) onNotice?.({ kind: "post.created", post });
            }
          })
          .catch(() => undefined);
        return null;
      }
      const post = postForViewer(raw, viewer);
      const inserted = insertPost(qc, communityId, post);
      adjustPostsCount(qc, communityId, post.id, 1);
      return inserted && post.author?.id !== viewer.userId ? { kind: "post.created", post } : null;
    }
    case "post.updated": {
      const data = event.data ?? {};
      if (looksLikePost(data.post)) {
        const fresh = data.post;
        updatePost(qc, communityId, event.postId, (old) => ({
          ...fresh,
          // The event carries the editor's view: keep ours.
          canEdit: old.canEdit,
          canDelete: old.canDelete,
          canPin: old.canPin,
          userHasLiked: old.userHasLiked,
        }));
        // A post that changed topic leaves the old topic's list; the new topic's list asks the server.
        for (const [key, data] of qc.getQueriesData<InfiniteData<Page<Post>>>({ queryKey: feedKeys.posts(communityId) })) {
          const topic = key[3];
          if (topic === "all") continue;
          const holds = data?.pages.some((page) => page.items.some((p) => p.id === event.postId));
          if (holds && topic !== fresh.topic?.id) {
            qc.setQueryData<InfiniteData<Page<Post>>>(
              key,
              (d) =>
                d && {
                  ...d,
                  pages: d.pages.map((page) => ({ ...page, items: page.items.filter((p) => p.id !== event.postId) })),
                },
            );
          } else if (!holds && topic === fresh.topic?.id) {
            void qc.invalidateQueries({ queryKey: key, exact: true });
          }
        }
      } else if (data.pinned === undefined) {
        // An edit: refresh this post from the API (ids only on the wire).
        void qc
          .fetchQuery({ ...postQueryOptions(event.postId), staleTime: 0 })
          .then(({ post }) => updatePost(qc, communityId, event.postId, () => post))
          .catch(() => undefined);
      } else if (typeof data.pinned === "boolean") {
        const pinned = data.pinned;
        updatePost(qc, communityId, event.postId, (old) => ({ ...old, pinned }));
        // Pinned posts lead the feed; the server knows where an unpinned one goes back to.
        void qc.invalidateQueries({ queryKey: feedKeys.posts(communityId) });
      } else {
        void qc.invalidateQueries({ queryKey: feedKeys.posts(communityId) });
      }
      return null;
    }
    case "post.deleted":
      removePost(qc, communityId, event.postId);
      adjustPostsCount(qc, communityId, event.postId, -1);
      void qc.invalidateQueries({ queryKey: feedKeys.post(event.postId), exact: true });
      return null;
    case "post.counters":
      setPostCounters(qc, communityId, event.postId, event.likesCount, event.commentsCount);
      return null;
    case "comment.created": {
      const raw = event.data?.comment;
      if (looksLikeComment(raw)) appendComment(qc, commentForViewer(raw, viewer));
      else
        void qc.invalidateQueries({
          queryKey: event.parentId ? feedKeys.replies(event.parentId) : feedKeys.comments(event.postId),
        });
      return null;
    }
    case "comment.deleted":
      removeComment(qc, event.postId, event.commentId);
      return null;
    case "presence":
      setOnline(qc, communityId, event.online, event.count);
      return null;
    default:
      return null;
  }
}

/** After a reconnect, anything may have been missed: refetch what this community shows. */
export function refreshCommunity(qc: QueryClient, communityId: string) {
  void qc.invalidateQueries({ queryKey: feedKeys.community(communityId) });
  void qc.invalidateQueries({ queryKey: ["post"] });
  void qc.invalidateQueries({ queryKey: ["comments"] });
  void qc.invalidateQueries({ queryKey: ["replies"] });
}
