import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { COMMENTS_PAGE_SIZE, FEED_PAGE_SIZE } from "./limits";
import type { Comment, CommunityStats, MentionCandidate, Page, PostDetail, Post, Topic } from "./types";

/**
 * Every feed cache of a community sits under ["feed", communityId] (its lists for every topic filter, its
 * sidebar, the comment threads of its posts), so a live event or a reconnect reaches exactly that
 * community's caches with one prefix. A post's own page is keyed by the post alone, because its route
 * knows no community; its data says which community it belongs to.
 */
export const feedKeys = {
  community: (communityId: string) => ["feed", communityId] as const,
  posts: (communityId: string) => ["feed", communityId, "posts"] as const,
  postList: (communityId: string, topicId: string | null) => ["feed", communityId, "posts", topicId ?? "all"] as const,
  topics: (communityId: string) => ["feed", communityId, "topics"] as const,
  stats: (communityId: string) => ["feed", communityId, "stats"] as const,
  mentions: (communityId: string, q: string) => ["feed", communityId, "mentions", q] as const,
  postPages: () => ["post"] as const,
  post: (postId: string) => ["post", postId] as const,
  /** One post's comment threads: its comments and the replies under each of them. */
  thread: (communityId: string, postId: string) => ["feed", communityId, "thread", postId] as const,
  comments: (communityId: string, postId: string) => ["feed", communityId, "thread", postId, "comments"] as const,
  replies: (communityId: string, postId: string, commentId: string) =>
    ["feed", communityId, "thread", postId, "replies", commentId] as const,
};

const enc = encodeURIComponent;

function asPage<T>(res: Partial<Page<T>> | undefined): Page<T> {
  return { items: Array.isArray(res?.items) ? res.items : [], nextCursor: res?.nextCursor ?? null };
}

export function postListQueryOptions(communityId: string, topicId: string | null) {
  return infiniteQueryOptions({
    queryKey: feedKeys.postList(communityId, topicId),
    queryFn: async ({ pageParam, signal }) =>
      asPage<Post>(
        await api.get(`/api/communities/${enc(communityId)}/posts`, {
          query: { topicId, cursor: pageParam, limit: FEED_PAGE_SIZE },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function topicsQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: feedKeys.topics(communityId),
    queryFn: async ({ signal }) => {
      const res = await api.get<{ topics?: Topic[] }>(`/api/communities/${enc(communityId)}/topics`, { signal });
      return Array.isArray(res?.topics) ? res.topics : [];
    },
    staleTime: 5 * 60_000,
  });
}

export function statsQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: feedKeys.stats(communityId),
    queryFn: ({ signal }) => api.get<CommunityStats>(`/api/communities/${enc(communityId)}/stats`, { signal }),
  });
}

export function mentionCandidatesQueryOptions(communityId: string, q: string) {
  return queryOptions({
    queryKey: feedKeys.mentions(communityId, q),
    queryFn: async ({ signal }) => {
      const res = await api.get<{ members?: MentionCandidate[] }>(`/api/communities/${enc(communityId)}/mention-candidates`, {
        query: { q },
        signal,
      });
      return Array.isArray(res?.members) ? res.members : [];
    },
    staleTime: 60_000,
  });
}

export function postQueryOptions(postId: string) {
  return queryOptions({
    queryKey: feedKeys.post(postId),
    queryFn: ({ signal }) => api.get<PostDetail>(`/api/posts/${enc(postId)}`, { signal }),
  });
}

export function commentsQueryOptions(communityId: string, postId: string) {
  return infiniteQueryOptions({
    queryKey: feedKeys.comments(communityId, postId),
    queryFn: async ({ pageParam, signal }) =>
      asPage<Comment>(
        await api.get(`/api/posts/${enc(postId)}/comments`, {
          query: { cursor: pageParam, limit: COMMENTS_PAGE_SIZE },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function repliesQueryOptions(communityId: string, postId: string, commentId: string) {
  return infiniteQueryOptions({
    queryKey: feedKeys.replies(communityId, postId, commentId),
    queryFn: async ({ pageParam, signal }) =>
      asPage<Comment>(
        await api.get(`/api/comments/${enc(commentId)}/replies`, {
          query: { cursor: pageParam, limit: COMMENTS_PAGE_SIZE },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
