import type { InfiniteData } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { applyCommunityEvent } from "./live-events";
import type { Viewer } from "./permissions";
import { feedKeys } from "./queries";
import type { Comment, CommunityStats, Post, PostDetail } from "../../../common/contract/feed";
import type { Page } from "../../../common/contract/http";

const C = "c1";
const viewer: Viewer = { userId: "u-me", role: "member", archived: false };

let seq = 0;
function post(overrides: Partial<Post> = {}): Post {
  seq++;
  return {
    id: `p${seq}`,
    communityId: C,
    author: { id: "u-other", fullName: "Giorgi Maisuradze", avatarUrl: null },
    isAuthorAdmin: false,
    headline: null,
    content: `post ${seq}`,
    imageUrls: [],
    topic: null,
    likesCount: 0,
    commentsCount: 0,
    userHasLiked: false,
    pinned: false,
    editedAt: null,
    createdAt: 1_700_000_000_000 + seq,
    canEdit: false,
    canDelete: false,
    canPin: false,
    ...overrides,
  };
}

function comment(overrides: Partial<Comment> = {}): Comment {
  seq++;
  return {
    id: `cm${seq}`,
    postId: "p-x",
    parentCommentId: null,
    author: { id: "u-other", fullName: "Giorgi", avatarUrl: null },
    isAuthorAdmin: false,
    content: "hi",
    likesCount: 0,
    repliesCount: 0,
    userHasLiked: false,
    editedAt: null,
    createdAt: 1,
    canDelete: false,
    ...overrides,
  };
}

const pages = <T>(...lists: T[][]): InfiniteData<Page<T>, string | null> => ({
  pages: lists.map((items, i) => ({ items, nextCursor: i < lists.length - 1 ? `c${i}` : null })),
  pageParams: lists.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
});

const listOf = (qc: ReturnType<typeof createQueryClient>, topic: string | null) =>
  qc.getQueryData<InfiniteData<Page<Post>>>(feedKeys.postList(C, topic))!.pages.flatMap((p) => p.items.map((x) => x.id));

describe("community room events in the cache", () => {
  it("post.counters updates the counts in every cached page, list and the post page", () => {
    const qc = createQueryClient();
    const target = post({ topic: { id: "t1", name: "News", color: "#2563EB" } });
    qc.setQueryData(feedKeys.postList(C, null), pages([post(), post()], [post(), target]));
    qc.setQueryData(feedKeys.postList(C, "t1"), pages([target]));
    qc.setQueryData<PostDetail>(feedKeys.post(target.id), { post: target, community: { id: C, name: "Club" } });

    applyCommunityEvent(qc, C, { type: "post.counters", postId: target.id, likesCount: 7, commentsCount: 3 }, viewer);

    const inAll = qc.getQueryData<InfiniteData<Page<Post>>>(feedKeys.postList(C, null))!.pages[1]!.items[1]!;
    const inTopic = qc.getQueryData<InfiniteData<Page<Post>>>(feedKeys.postList(C, "t1"))!.pages[0]!.items[0]!;
    const onPage = qc.getQueryData<PostDetail>(feedKeys.post(target.id))!.post;
    for (const p of [inAll, inTopic, onPage]) expect([p.likesCount, p.commentsCount]).toEqual([7, 3]);
    // Other posts are untouched.
    expect(qc.getQueryData<InfiniteData<Page<Post>>>(feedKeys.postList(C, null))!.pages[0]!.items[0]!.likesCount).toBe(0);
  });

  it("post.created goes to the top, under pinned posts, once, with this viewer's permissions", () => {
    const qc = createQueryClient();
    const pinned = post({ pinned: true });
    const older = post();
    qc.setQueryData(feedKeys.postList(C, null), pages([pinned, older]));
    qc.setQueryData<CommunityStats>(feedKeys.stats(C), {
      membersCount: 8,
      postsCount: 10,
      onlineCount: 1,
      onlineUserIds: [],
      trendingTopics: [],
    });
    const fresh = post({ author: { id: "u-me", fullName: "Me", avatarUrl: null }, userHasLiked: true });

    const notice = applyCommunityEvent(qc, C, { type: "post.created", postId: fresh.id, data: { post: fresh } }, viewer);
    applyCommunityEvent(qc, C, { type: "post.created", postId: fresh.id, data: { post: fresh } }, viewer);

    expect(listOf(qc, null)).toEqual([pinned.id, fresh.id, older.id]);
    const inserted = qc.getQueryData<InfiniteData<Page<Post>>>(feedKeys.postList(C, null))!.pages[0]!.items[1]!;
    expect(inserted).toMatchObject({ canEdit: true, canDelete: true, canPin: false, userHasLiked: false });
    expect(qc.getQueryData<CommunityStats>(feedKeys.stats(C))!.postsCount).toBe(11);
    // Our own post is not announced to ourselves.
    expect(notice).toBeNull();
  });

  it("announces someone else's new post and files it under its topic too", () => {
    const qc = createQueryClient();
    qc.setQueryData(feedKeys.postList(C, null), pages([]));
    qc.setQueryData(feedKeys.postList(C, "t1"), pages([]));
    qc.setQueryData(feedKeys.postList(C, "t2"), pages([]));
    const fresh = post({ topic: { id: "t1", name: "News", color: "#000" } });
    const notice = applyCommunityEvent(qc, C, { type: "post.created", postId: fresh.id, data: { post: fresh } }, viewer);
    expect(notice).toEqual({ kind: "post.created", post: expect.objectContaining({ id: fresh.id }) });
    expect(listOf(qc, "t1")).toEqual([fresh.id]);
    expect(listOf(qc, "t2")).toEqual([]);
  });

  it("post.updated keeps the viewer's own like and permissions; post.deleted removes it everywhere", () => {
    const qc = createQueryClient();
    const mine = post({ userHasLiked: true, canDelete: true });
    qc.setQueryData(feedKeys.postList(C, null), pages([mine]));
    applyCommunityEvent(
      qc,
      C,
      {
        type: "post.updated",
        postId: mine.id,
        data: { post: { ...mine, content: "edited", editedAt: 5, userHasLiked: false, canDelete: false } },
      },
      viewer,
    );
    expect(qc.getQueryData<InfiniteData<Page<Post>>>(feedKeys.postList(C, null))!.pages[0]!.items[0]).toMatchObject({
      content: "edited",
      editedAt: 5,
      userHasLiked: true,
      canDelete: true,
    });
    applyCommunityEvent(qc, C, { type: "post.deleted", postId: mine.id }, viewer);
    expect(listOf(qc, null)).toEqual([]);
  });

  it("comment.created appends to an open thread once and counts a reply on its parent once", () => {
    const qc = createQueryClient();
    const parent = comment({ postId: "p-x", repliesCount: 0 });
    qc.setQueryData(feedKeys.comments("p-x"), pages([parent]));
    const top = comment({ postId: "p-x" });
    const reply = comment({ postId: "p-x", parentCommentId: parent.id });

    for (let i = 0; i < 2; i++) {
      applyCommunityEvent(
        qc,
        C,
        { type: "comment.created", postId: "p-x", commentId: top.id, parentId: null, data: { comment: top } },
        viewer,
      );
      applyCommunityEvent(
        qc,
        C,
        { type: "comment.created", postId: "p-x", commentId: reply.id, parentId: parent.id, data: { comment: reply } },
        viewer,
      );
    }

    const thread = qc.getQueryData<InfiniteData<Page<Comment>>>(feedKeys.comments("p-x"))!.pages[0]!.items;
    expect(thread.map((c) => c.id)).toEqual([parent.id, top.id]);
    expect(thread[0]!.repliesCount).toBe(1);

    applyCommunityEvent(qc, C, { type: "comment.deleted", postId: "p-x", commentId: top.id }, viewer);
    expect(qc.getQueryData<InfiniteData<Page<Comment>>>(feedKeys.comments("p-x"))!.pages[0]!.items.map((c) => c.id)).toEqual([
      parent.id,
    ]);
  });

  it("presence sets the live online count of the sidebar", () => {
    const qc = createQueryClient();
    qc.setQueryData<CommunityStats>(feedKeys.stats(C), {
      membersCount: 8,
      postsCount: 10,
      onlineCount: 0,
      onlineUserIds: [],
      trendingTopics: [],
    });
    applyCommunityEvent(qc, C, { type: "presence", online: ["a", "b"], count: 2 }, viewer);
    expect(qc.getQueryData<CommunityStats>(feedKeys.stats(C))).toMatchObject({ onlineCount: 2, onlineUserIds: ["a", "b"] });
  });
});
