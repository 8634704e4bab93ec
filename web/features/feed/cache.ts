import type { InfiniteData, QueryClient, QueryKey } from "@tanstack/react-query";
import { patch, type CachedData } from "../../lib/cache-write";
import {
  commentsQueryOptions,
  feedKeys,
  postListQueryOptions,
  postQueryOptions,
  repliesQueryOptions,
  statsQueryOptions,
} from "./queries";
import type { Comment, Post } from "../../../common/contract/feed";
import type { Page } from "../../../common/contract/http";

/**
 * The one place that edits cached feed data. Mutations and live events both come through here, so a post
 * looks the same in every list (each topic filter), on its own page and in the sidebar, whoever changed it.
 */

// Each key is written with the type its query keeps there. A post's thread holds its comments' list and
// its replies' lists under one prefix, so a write there suits both.
type PostPages = CachedData<typeof postListQueryOptions>;
type CommentPages = CachedData<typeof commentsQueryOptions> & CachedData<typeof repliesQueryOptions>;
type CommunityStats = CachedData<typeof statsQueryOptions>;

function mapPages<T>(
  data: InfiniteData<Page<T>> | undefined,
  fn: (items: T[], pageIndex: number) => T[],
): InfiniteData<Page<T>> | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page, i) => {
    const items = fn(page.items, i);
    if (items === page.items) return page;
    changed = true;
    return patch(page, { items });
  });
  return changed ? patch(data, { pages }) : data;
}

function listKeys(qc: QueryClient, prefix: QueryKey): QueryKey[] {
  return qc.getQueriesData({ queryKey: prefix }).map(([key]) => key);
}

/** Changes one post wherever it is cached; `fn` returning null removes it from lists. */
export function updatePost(qc: QueryClient, communityId: string, postId: string, fn: (post: Post) => Post | null) {
  for (const key of listKeys(qc, feedKeys.posts(communityId))) {
    qc.setQueryData<PostPages>(key, (data) =>
      mapPages(data, (items) => {
        if (!items.some((p) => p.id === postId)) return items;
        return items.flatMap((p) => {
          if (p.id !== postId) return [p];
          const next = fn(p);
          return next ? [next] : [];
        });
      }),
    );
  }
  qc.setQueryData(postQueryOptions(postId).queryKey, (detail) => {
    if (!detail) return detail;
    const next = fn(detail.post);
    return next ? patch(detail, { post: next }) : detail;
  });
}

export function removePost(qc: QueryClient, communityId: string, postId: string) {
  updatePost(qc, communityId, postId, () => null);
}

export function setPostCounters(qc: QueryClient, communityId: string, postId: string, likesCount: number, commentsCount: number) {
  updatePost(qc, communityId, postId, (p) =>
    p.likesCount === likesCount && p.commentsCount === commentsCount ? p : patch(p, { likesCount, commentsCount }),
  );
}

/**
 * A poll's live counts from the community room: counts only, so the viewer's own choice (and whether
 * they may see the voters) stays as the API last answered it.
 */
export function setPollCounts(
  qc: QueryClient,
  communityId: string,
  postId: string,
  voters: number,
  counts: readonly { id: string; votes: number }[],
) {
  const votes = new Map(counts.map((o) => [o.id, o.votes]));
  updatePost(qc, communityId, postId, (p) =>
    p.poll
      ? patch(p, {
          poll: { ...p.poll, voters, options: p.poll.options.map((o) => ({ ...o, votes: votes.get(o.id) ?? o.votes })) },
        })
      : p,
  );
}

function listedPost(qc: QueryClient, communityId: string, postId: string): Post | undefined {
  for (const [, data] of qc.getQueriesData<PostPages>({ queryKey: feedKeys.posts(communityId) })) {
    const found = data?.pages.flatMap((page) => page.items).find((p) => p.id === postId);
    if (found) return found;
  }
  return undefined;
}

/** The post as this screen last knew it: from a list of its community, else from its own page. */
export function cachedPost(qc: QueryClient, communityId: string, postId: string): Post | undefined {
  return listedPost(qc, communityId, postId) ?? qc.getQueryData(postQueryOptions(postId).queryKey)?.post;
}

/**
 * Puts a new post at the top of the lists it belongs to ('All Posts' and its topic), below the pinned
 * ones. Returns false when it was already there (our own create answered before the live event, or the
 * other way round).
 */
export function insertPost(qc: QueryClient, communityId: string, post: Post): boolean {
  if (listedPost(qc, communityId, post.id)) return false;
  const targets = [feedKeys.postList(communityId, null), ...(post.topic ? [feedKeys.postList(communityId, post.topic.id)] : [])];
  let inserted = false;
  for (const key of targets) {
    qc.setQueryData<PostPages>(key, (data) =>
      mapPages(data, (items, pageIndex) => {
        if (pageIndex !== 0) return items;
        inserted = true;
        const at = post.pinned ? 0 : items.findIndex((p) => !p.pinned);
        const index = at < 0 ? items.length : at;
        return [...items.slice(0, index), post, ...items.slice(index)];
      }),
    );
  }
  return inserted;
}

/** The sidebar's post count follows creates and deletes; each post id moves it once. */
const countedPosts = new Map<string, 1 | -1>();
export function adjustPostsCount(qc: QueryClient, communityId: string, postId: string, delta: 1 | -1) {
  if (countedPosts.get(postId) === delta) return;
  countedPosts.set(postId, delta);
  qc.setQueryData<CommunityStats>(feedKeys.stats(communityId), (s) =>
    s ? patch(s, { postsCount: Math.max(0, s.postsCount + delta) }) : s,
  );
}

export function setOnline(qc: QueryClient, communityId: string, online: string[], count: number) {
  qc.setQueryData<CommunityStats>(feedKeys.stats(communityId), (s) =>
    s ? patch(s, { onlineCount: count, onlineUserIds: online }) : s,
  );
}

/** Who came online and who went offline since the room last said (it tells only that after the first list). */
export function changeOnline(qc: QueryClient, communityId: string, joined: string[], left: string[], count: number) {
  qc.setQueryData<CommunityStats>(feedKeys.stats(communityId), (s) => {
    if (!s) return s;
    const gone = new Set([...joined, ...left]);
    return patch(s, { onlineCount: count, onlineUserIds: [...s.onlineUserIds.filter((id) => !gone.has(id)), ...joined] });
  });
}

// ---------------------------------------------------------------------------------------------
// Comments: a post's thread (its comments and each comment's replies) sits under feedKeys.thread.

function listKey(communityId: string, comment: Pick<Comment, "postId" | "parentCommentId">): QueryKey {
  return comment.parentCommentId
    ? feedKeys.replies(communityId, comment.postId, comment.parentCommentId)
    : feedKeys.comments(communityId, comment.postId);
}

/** Changes one comment (or reply) wherever its post's thread holds it. */
export function updateComment(
  qc: QueryClient,
  communityId: string,
  postId: string,
  commentId: string,
  fn: (c: Comment) => Comment | null,
) {
  for (const key of listKeys(qc, feedKeys.thread(communityId, postId))) {
    qc.setQueryData<CommentPages>(key, (data) =>
      mapPages(data, (items) => {
        if (!items.some((c) => c.id === commentId)) return items;
        return items.flatMap((c) => {
          if (c.id !== commentId) return [c];
          const next = fn(c);
          return next ? [next] : [];
        });
      }),
    );
  }
}

function findComment(qc: QueryClient, communityId: string, postId: string, commentId: string): Comment | undefined {
  for (const [, data] of qc.getQueriesData<CommentPages>({ queryKey: feedKeys.thread(communityId, postId) })) {
    const found = data?.pages.flatMap((p) => p.items).find((c) => c.id === commentId);
    if (found) return found;
  }
  return undefined;
}

/** Each reply raises its parent's count once, whether our own answer or the room's event came first. */
const countedReplies = new Set<string>();

/**
 * Adds our new comment at the end of its open thread (oldest first), unless more pages remain to load
 * (it will come with them) or it is already there. Replies also raise their parent's count.
 */
export function appendComment(qc: QueryClient, communityId: string, comment: Comment): boolean {
  let added = false;
  qc.setQueryData<CommentPages>(listKey(communityId, comment), (data) => {
    if (!data || data.pages.some((p) => p.items.some((c) => c.id === comment.id))) return data;
    const last = data.pages.at(-1);
    if (!last || last.nextCursor) return data;
    added = true;
    return patch(data, { pages: [...data.pages.slice(0, -1), patch(last, { items: [...last.items, comment] })] });
  });
  if (comment.parentCommentId && !countedReplies.has(comment.id)) {
    countedReplies.add(comment.id);
    updateComment(qc, communityId, comment.postId, comment.parentCommentId, (parent) =>
      patch(parent, { repliesCount: parent.repliesCount + 1 }),
    );
  }
  return added;
}

/** Removes a comment and, when it was a reply we had loaded, lowers its parent's count. */
export function removeComment(qc: QueryClient, communityId: string, postId: string, commentId: string) {
  const existing = findComment(qc, communityId, postId, commentId);
  updateComment(qc, communityId, postId, commentId, () => null);
  qc.removeQueries({ queryKey: feedKeys.replies(communityId, postId, commentId), exact: true });
  if (existing?.parentCommentId) {
    updateComment(qc, communityId, postId, existing.parentCommentId, (parent) =>
      patch(parent, { repliesCount: Math.max(0, parent.repliesCount - 1) }),
    );
  } else if (!existing && qc.getQueryData(feedKeys.comments(communityId, postId))) {
    // A reply we never loaded: only the server knows which comment's count to lower.
    void qc.invalidateQueries({ queryKey: feedKeys.comments(communityId, postId), exact: true });
  }
}

/**
 * A comment someone made (the room says only which): the list it joined asks the server again; for a
 * reply so do the comments above it, and since their answer counts the reply, our own answer (when the
 * reply is ours and it arrives later) does not count it again.
 */
export function refetchForNewComment(
  qc: QueryClient,
  communityId: string,
  postId: string,
  commentId: string,
  parentId: string | null,
) {
  if (parentId) {
    countedReplies.add(commentId);
    void qc.invalidateQueries({ queryKey: feedKeys.replies(communityId, postId, parentId), exact: true });
  }
  void qc.invalidateQueries({ queryKey: feedKeys.comments(communityId, postId), exact: true });
}
