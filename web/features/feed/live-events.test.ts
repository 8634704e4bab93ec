import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { mockFetch } from "../../test/fetch-mock";
import { appendComment } from "./cache";
import { applyCommunityEvent, refreshCommunity, type LiveNotice } from "./live-events";
import { feedKeys } from "./queries";
import type { Comment, CommunityStats, Post, PostDetail } from "../../../common/contract/feed";
import type { Page } from "../../../common/contract/http";
import type { CommunityEvent } from "../../../common/realtime-protocol";

const C = "c1";
const OTHER = "c2";
const me = "u-me";

afterEach(() => vi.unstubAllGlobals());

let seq = 0;
function post(overrides: Partial<Post> = {}): Post {
  seq++;
  return {
    id: `p${seq}`,
    communityId: C,
    author: { id: "u-other", fullName: "Giorgi Maisuradze", avatarUrl: null },
    isAuthorAdmin: false,
    authorLevel: 1,
    headline: null,
    content: `post ${seq}`,
    imageUrls: [],
    topic: null,
    likesCount: 0,
    commentsCount: 0,
    userHasLiked: false,
    poll: null,
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
    authorLevel: 3,
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

/** The API as the room's ids lead to it: each post answers with this viewer's view of it. */
function serve(...posts: Post[]) {
  const routes: Record<string, { body: PostDetail }> = {};
  for (const p of posts) routes[`GET /api/posts/${p.id}`] = { body: { post: p, community: { id: C, name: "Club" } } };
  return mockFetch(routes);
}

function stats(qc: QueryClient, postsCount: number) {
  qc.setQueryData<CommunityStats>(feedKeys.stats(C), {
    membersCount: 8,
    postsCount,
    onlineCount: 0,
    onlineUserIds: [],
    trendingTopics: [],
  });
}

const invalidated = (qc: QueryClient, key: readonly unknown[]) => qc.getQueryState(key)!.isInvalidated;

describe("community room events in the cache", () => {
  it("post.counters updates the counts in every cached page, list and the post page", () => {
    const qc = createQueryClient();
    const target = post({ topic: { id: "t1", name: "News", color: "#2563EB" } });
    qc.setQueryData(feedKeys.postList(C, null), pages([post(), post()], [post(), target]));
    qc.setQueryData(feedKeys.postList(C, "t1"), pages([target]));
    qc.setQueryData<PostDetail>(feedKeys.post(target.id), { post: target, community: { id: C, name: "Club" } });

    applyCommunityEvent(qc, C, { type: "post.counters", postId: target.id, likesCount: 7, commentsCount: 3 }, me);

    const inAll = qc.getQueryData<InfiniteData<Page<Post>>>(feedKeys.postList(C, null))!.pages[1]!.items[1]!;
    const inTopic = qc.getQueryData<InfiniteData<Page<Post>>>(feedKeys.postList(C, "t1"))!.pages[0]!.items[0]!;
    const onPage = qc.getQueryData<PostDetail>(feedKeys.post(target.id))!.post;
    for (const p of [inAll, inTopic, onPage]) expect([p.likesCount, p.commentsCount]).toEqual([7, 3]);
    // Other posts are untouched.
    expect(qc.getQueryData<InfiniteData<Page<Post>>>(feedKeys.postList(C, null))!.pages[0]!.items[0]!.likesCount).toBe(0);
  });

  it("poll.counts moves a poll's counts everywhere it is cached and keeps the viewer's own choice", () => {
    const qc = createQueryClient();
    const poll = {
      multipleChoice: false,
      closesAt: null,
      closed: false,
      voters: 1,
      canSeeVoters: false,
      options: [
        { id: "o1", text: "Yes", votes: 1, chosen: true },
        { id: "o2", text: "No", votes: 0, chosen: false },
      ],
    };
    const target = post({ poll });
    qc.setQueryData(feedKeys.postList(C, null), pages([post(), target]));
    qc.setQueryData<PostDetail>(feedKeys.post(target.id), { post: target, community: { id: C, name: "Club" } });

    const counts = [
      { id: "o1", votes: 1 },
      { id: "o2", votes: 2 },
    ];
    applyCommunityEvent(qc, C, { type: "poll.counts", postId: target.id, voters: 3, options: counts }, me);

    const listed = qc.getQueryData<InfiniteData<Page<Post>>>(feedKeys.postList(C, null))!.pages[0]!.items[1]!;
    const onPage = qc.getQueryData<PostDetail>(feedKeys.post(target.id))!.post;
    for (const p of [listed, onPage]) {
      expect(p.poll!.voters).toBe(3);
      expect(p.poll!.options.map((o) => [o.votes, o.chosen])).toEqual([
        [1, true],
        [2, false],
      ]);
    }
  });

  it("post.created reads the post from the API and puts it at the top, under pinned posts, once", async () => {
    const qc = createQueryClient();
    const pinned = post({ pinned: true });
    const older = post();
    qc.setQueryData(feedKeys.postList(C, null), pages([pinned, older]));
    stats(qc, 10);
    // The API answers with this viewer's view: their own post, editable and deletable.
    const fresh = post({ author: { id: me, fullName: "Me", avatarUrl: null }, canEdit: true, canDelete: true });
    const { calls } = serve(fresh);
    const notices: LiveNotice[] = [];

    applyCommunityEvent(qc, C, { type: "post.created", postId: fresh.id }, me, (n) => notices.push(n));
    applyCommunityEvent(qc, C, { type: "post.created", postId: fresh.id }, me, (n) => notices.push(n));

    await vi.waitFor(() => expect(listOf(qc, null)).toEqual([pinned.id, fresh.id, older.id]));
    await vi.waitFor(() => expect(calls.filter((c) => c.path === `/api/posts/${fresh.id}`)).not.toHaveLength(0));
    const inserted = qc.getQueryData<InfiniteData<Page<Post>>>(feedKeys.postList(C, null))!.pages[0]!.items[1]!;
    expect(inserted).toMatchObject({ canEdit: true, canDelete: true, canPin: false, userHasLiked: false });
    expect(qc.getQueryData<CommunityStats>(feedKeys.stats(C))!.postsCount).toBe(11);
    // Our own post is not announced to ourselves.
    expect(notices).toEqual([]);
  });

  it("ignores whatever a frame carries besides ids: the post shown is the API's", async () => {
    const qc = createQueryClient();
    qc.setQueryData(feedKeys.postList(C, null), pages([]));
    const fromApi = post({ content: "what the server says" });
    serve(fromApi);
    // A frame from an older room or a forged one: the protocol has no body field, the client reads none.
    const frame = {
      type: "post.created",
      postId: fromApi.id,
      data: { post: { ...fromApi, content: "forged", canDelete: true } },
    };
    applyCommunityEvent(qc, C, frame as CommunityEvent, me);
    await vi.waitFor(() => expect(listOf(qc, null)).toEqual([fromApi.id]));
    const shown = qc.getQueryData<InfiniteData<Page<Post>>>(feedKeys.postList(C, null))!.pages[0]!.items[0]!;
    expect(shown).toMatchObject({ content: "what the server says", canDelete: false });
  });

  it("a post the API does not show this viewer (404: blocked) never appears", async () => {
    const qc = createQueryClient();
    qc.setQueryData(feedKeys.postList(C, null), pages([]));
    stats(qc, 3);
    const { calls } = mockFetch({});
    applyCommunityEvent(qc, C, { type: "post.created", postId: "p-hidden" }, me);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(listOf(qc, null)).toEqual([]);
    expect(qc.getQueryData<CommunityStats>(feedKeys.stats(C))!.postsCount).toBe(3);
  });

  it("announces someone else's new post and files it under its topic too", async () => {
    const qc = createQueryClient();
    qc.setQueryData(feedKeys.postList(C, null), pages([]));
    qc.setQueryData(feedKeys.postList(C, "t1"), pages([]));
    qc.setQueryData(feedKeys.postList(C, "t2"), pages([]));
    const fresh = post({ topic: { id: "t1", name: "News", color: "#000" } });
    serve(fresh);
    const notices: LiveNotice[] = [];
    applyCommunityEvent(qc, C, { type: "post.created", postId: fresh.id }, me, (n) => notices.push(n));
    await vi.waitFor(() => expect(notices).toEqual([{ kind: "post.created", post: expect.objectContaining({ id: fresh.id }) }]));
    expect(listOf(qc, "t1")).toEqual([fresh.id]);
    expect(listOf(qc, "t2")).toEqual([]);
  });

  it("post.updated re-reads the post (the viewer's own like and permissions come with it); post.deleted removes it", async () => {
    const qc = createQueryClient();
    const mine = post({ userHasLiked: true, canDelete: true });
    qc.setQueryData(feedKeys.postList(C, null), pages([mine]));
    serve({ ...mine, content: "edited", editedAt: 5 });

    applyCommunityEvent(qc, C, { type: "post.updated", postId: mine.id }, me);

    await vi.waitFor(() =>
      expect(qc.getQueryData<InfiniteData<Page<Post>>>(feedKeys.postList(C, null))!.pages[0]!.items[0]).toMatchObject({
        content: "edited",
        editedAt: 5,
        userHasLiked: true,
        canDelete: true,
      }),
    );
    // A plain edit leaves the order alone.
    expect(invalidated(qc, feedKeys.postList(C, null))).toBe(false);

    applyCommunityEvent(qc, C, { type: "post.deleted", postId: mine.id }, me);
    expect(listOf(qc, null)).toEqual([]);
  });

  it("a pin or a topic change seen through post.updated re-sorts the lists", async () => {
    const qc = createQueryClient();
    const a = post();
    const b = post({ topic: { id: "t1", name: "News", color: "#000" } });
    qc.setQueryData(feedKeys.postList(C, null), pages([a, b]));
    qc.setQueryData(feedKeys.postList(C, "t1"), pages([b]));
    serve({ ...a, pinned: true });

    applyCommunityEvent(qc, C, { type: "post.updated", postId: a.id }, me);

    await vi.waitFor(() => expect(invalidated(qc, feedKeys.postList(C, null))).toBe(true));
    expect(invalidated(qc, feedKeys.postList(C, "t1"))).toBe(true);
  });

  it("comment.created asks the API again for that post's thread only", () => {
    const qc = createQueryClient();
    const parent = comment({ postId: "p-x" });
    qc.setQueryData(feedKeys.comments(C, "p-x"), pages([parent]));
    qc.setQueryData(feedKeys.replies(C, "p-x", parent.id), pages([]));
    qc.setQueryData(feedKeys.comments(C, "p-y"), pages([comment({ postId: "p-y" })]));

    applyCommunityEvent(qc, C, { type: "comment.created", postId: "p-x", commentId: "cm-new", parentId: null }, me);
    expect(invalidated(qc, feedKeys.comments(C, "p-x"))).toBe(true);
    expect(invalidated(qc, feedKeys.replies(C, "p-x", parent.id))).toBe(false);
    expect(invalidated(qc, feedKeys.comments(C, "p-y"))).toBe(false);
  });

  it("a new reply refreshes its replies and the comments above it (their reply count)", () => {
    const qc = createQueryClient();
    const parent = comment({ postId: "p-x" });
    qc.setQueryData(feedKeys.comments(C, "p-x"), pages([parent]));
    qc.setQueryData(feedKeys.replies(C, "p-x", parent.id), pages([]));

    applyCommunityEvent(qc, C, { type: "comment.created", postId: "p-x", commentId: "cm-new", parentId: parent.id }, me);
    expect(invalidated(qc, feedKeys.replies(C, "p-x", parent.id))).toBe(true);
    expect(invalidated(qc, feedKeys.comments(C, "p-x"))).toBe(true);
  });

  it("our own reply counts once on its parent, whether our answer or the room's event comes first", () => {
    for (const eventFirst of [true, false]) {
      const qc = createQueryClient();
      const parent = comment({ postId: "p-x", repliesCount: 0 });
      qc.setQueryData(feedKeys.comments(C, "p-x"), pages([parent]));
      const reply = comment({ postId: "p-x", parentCommentId: parent.id });
      const event = { type: "comment.created", postId: "p-x", commentId: reply.id, parentId: parent.id } as const;
      const answer = () => appendComment(qc, C, reply);

      if (eventFirst) {
        applyCommunityEvent(qc, C, event, me);
        // The refetch the event asked for answers with the server's count, which includes the reply.
        qc.setQueryData(feedKeys.comments(C, "p-x"), pages([{ ...parent, repliesCount: 1 }]));
        answer();
      } else {
        answer();
        applyCommunityEvent(qc, C, event, me);
      }

      const thread = qc.getQueryData<InfiniteData<Page<Comment>>>(feedKeys.comments(C, "p-x"))!.pages[0]!.items;
      expect(thread[0]!.repliesCount).toBe(1);
    }
  });

  it("comment.deleted removes the comment by id and lowers its parent's reply count", () => {
    const qc = createQueryClient();
    const parent = comment({ postId: "p-x", repliesCount: 1 });
    const reply = comment({ postId: "p-x", parentCommentId: parent.id });
    const other = comment({ postId: "p-x" });
    qc.setQueryData(feedKeys.comments(C, "p-x"), pages([parent, other]));
    qc.setQueryData(feedKeys.replies(C, "p-x", parent.id), pages([reply]));

    applyCommunityEvent(qc, C, { type: "comment.deleted", postId: "p-x", commentId: reply.id }, me);
    applyCommunityEvent(qc, C, { type: "comment.deleted", postId: "p-x", commentId: other.id }, me);

    const thread = qc.getQueryData<InfiniteData<Page<Comment>>>(feedKeys.comments(C, "p-x"))!.pages[0]!.items;
    expect(thread.map((c) => [c.id, c.repliesCount])).toEqual([[parent.id, 0]]);
    expect(qc.getQueryData<InfiniteData<Page<Comment>>>(feedKeys.replies(C, "p-x", parent.id))!.pages[0]!.items).toEqual([]);
  });

  it("presence sets the live online count of the sidebar", () => {
    const qc = createQueryClient();
    stats(qc, 10);
    applyCommunityEvent(qc, C, { type: "presence", online: ["a", "b"], count: 2 }, me);
    expect(qc.getQueryData<CommunityStats>(feedKeys.stats(C))).toMatchObject({ onlineCount: 2, onlineUserIds: ["a", "b"] });
  });

  it("after the first list, who came and went moves the count and the list", () => {
    const qc = createQueryClient();
    stats(qc, 10);
    applyCommunityEvent(qc, C, { type: "presence", online: ["a"], count: 1 }, me);
    applyCommunityEvent(qc, C, { type: "presence.changed", joined: ["b", "c"], left: [], count: 3 }, me);
    expect(qc.getQueryData<CommunityStats>(feedKeys.stats(C))).toMatchObject({ onlineCount: 3, onlineUserIds: ["a", "b", "c"] });
    applyCommunityEvent(qc, C, { type: "presence.changed", joined: [], left: ["a", "c"], count: 1 }, me);
    // Told twice (a newcomer's first list may already hold who the next flush names): still once in the list.
    applyCommunityEvent(qc, C, { type: "presence.changed", joined: ["b"], left: [], count: 1 }, me);
    expect(qc.getQueryData<CommunityStats>(feedKeys.stats(C))).toMatchObject({ onlineCount: 1, onlineUserIds: ["b"] });
  });
});

describe("after a reconnect", () => {
  it("refetches what this community shows, its threads and its post pages, and nothing of another community", () => {
    const qc = createQueryClient();
    const here = post();
    const there = post({ communityId: OTHER });
    qc.setQueryData(feedKeys.postList(C, null), pages([here]));
    qc.setQueryData(feedKeys.comments(C, here.id), pages([]));
    qc.setQueryData(feedKeys.replies(C, here.id, "cm-1"), pages([]));
    qc.setQueryData<PostDetail>(feedKeys.post(here.id), { post: here, community: { id: C, name: "Club" } });
    qc.setQueryData(feedKeys.postList(OTHER, null), pages([there]));
    qc.setQueryData(feedKeys.comments(OTHER, there.id), pages([]));
    qc.setQueryData<PostDetail>(feedKeys.post(there.id), { post: there, community: { id: OTHER, name: "Other" } });

    refreshCommunity(qc, C);

    for (const key of [
      feedKeys.postList(C, null),
      feedKeys.comments(C, here.id),
      feedKeys.replies(C, here.id, "cm-1"),
      feedKeys.post(here.id),
    ]) {
      expect(invalidated(qc, key)).toBe(true);
    }
    for (const key of [feedKeys.postList(OTHER, null), feedKeys.comments(OTHER, there.id), feedKeys.post(there.id)]) {
      expect(invalidated(qc, key)).toBe(false);
    }
  });
});
