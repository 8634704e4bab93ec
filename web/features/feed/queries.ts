import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { call } from "../../lib/api";
import { COMMENTS_PAGE_SIZE, FEED_PAGE_SIZE } from "../../../common/contract/limits";

/**
 * Every feed cache of a community sits under ["feed", communityId], so a live event or a reconnect can
 * reach all of them (every topic filter) with one prefix.
 */
export const feedKeys = {
  community: (communityId: string) => ["feed", communityId] as const,
  posts: (communityId: string) => ["feed", communityId, "posts"] as const,
  postList: (communityId: string, topicId: string | null) => ["feed", communityId, "posts", topicId ?? "all"] as const,
  topics: (communityId: string) => ["feed", communityId, "topics"] as const,
  stats: (communityId: string) => ["feed", communityId, "stats"] as const,
  mentions: (communityId: string, q: string) => ["feed", communityId, "mentions", q] as const,
  post: (postId: string) => ["post", postId] as const,
  comments: (postId: string) => ["comments", postId] as const,
  replies: (commentId: string) => ["replies", commentId] as const,
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

export function commentsQueryOptions(postId: string) {
  return infiniteQueryOptions({
    queryKey: feedKeys.comments(postId),
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

export function repliesQueryOptions(commentId: string) {
  return infiniteQueryOptions({
    queryKey: feedKeys.replies(commentId),
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
