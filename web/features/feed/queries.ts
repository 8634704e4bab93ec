import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { commentListKey, feedListKey, feedStatsKey, feedTopicsKey } from "../../../common/feed-keys";
import { postKey } from "../../../common/query-keys";
import { call } from "../../lib/api";
import { COMMENTS_PAGE_SIZE, FEED_PAGE_SIZE } from "../../../common/contract/limits";

/**
 * Every feed cache of a community sits under ["feed", communityId] (its lists for every topic filter, its
 * sidebar, the comment threads of its posts), so a live event or a reconnect reaches exactly that
 * community's caches with one prefix. A post's own page is keyed by the post alone, because its route
 * knows no community; its data says which community it belongs to.
 */
export const feedKeys = {
  community: (communityId: string) => ["feed", communityId] as const,
  posts: (communityId: string) => ["feed", communityId, "posts"] as const,
  postList: feedListKey,
  topics: feedTopicsKey,
  stats: feedStatsKey,
  mentions: (communityId: string, q: string) => ["feed", communityId, "mentions", q] as const,
  postPages: () => ["post"] as const,
  post: postKey,
  /** One post's comment threads: its comments and the replies under each of them. */
  thread: (communityId: string, postId: string) => ["feed", communityId, "thread", postId] as const,
  comments: commentListKey,
  replies: (communityId: string, postId: string, commentId: string) =>
    ["feed", communityId, "thread", postId, "replies", commentId] as const,
};

export function postListQueryOptions(communityId: string, topicId: string | null) {
  return infiniteQueryOptions({
    queryKey: feedKeys.postList(communityId, topicId),
    queryFn: ({ pageParam, signal }) =>
      call("GET /api/communities/:id/posts", {
        params: { id: communityId },
        query: { topicId, cursor: pageParam, limit: FEED_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function topicsQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: feedKeys.topics(communityId),
    queryFn: async ({ signal }) =>
      (await call("GET /api/communities/:id/topics", { params: { id: communityId }, signal })).topics,
    staleTime: 5 * 60_000,
  });
}

export function statsQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: feedKeys.stats(communityId),
    queryFn: ({ signal }) => call("GET /api/communities/:id/stats", { params: { id: communityId }, signal }),
  });
}

export function mentionCandidatesQueryOptions(communityId: string, q: string) {
  return queryOptions({
    queryKey: feedKeys.mentions(communityId, q),
    queryFn: async ({ signal }) =>
      (await call("GET /api/communities/:id/mention-candidates", { params: { id: communityId }, query: { q }, signal })).members,
    staleTime: 60_000,
  });
}

export function postQueryOptions(postId: string) {
  return queryOptions({
    queryKey: feedKeys.post(postId),
    queryFn: ({ signal }) => call("GET /api/posts/:postId", { params: { postId }, signal }),
  });
}

export function commentsQueryOptions(communityId: string, postId: string) {
  return infiniteQueryOptions({
    queryKey: feedKeys.comments(communityId, postId),
    queryFn: ({ pageParam, signal }) =>
      call("GET /api/posts/:postId/comments", {
        params: { postId },
        query: { cursor: pageParam, limit: COMMENTS_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function repliesQueryOptions(communityId: string, postId: string, commentId: string) {
  return infiniteQueryOptions({
    queryKey: feedKeys.replies(communityId, postId, commentId),
    queryFn: ({ pageParam, signal }) =>
      call("GET /api/comments/:commentId/replies", {
        params: { commentId },
        query: { cursor: pageParam, limit: COMMENTS_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
