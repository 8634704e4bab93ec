import { QueryClientProvider, type InfiniteData } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ensureNamespace, initI18n } from "../../lib/i18n";
import { createQueryClient } from "../../lib/query-client";
import { clearToasts, getToasts } from "../../lib/toast";
import { mockFetch } from "../../test/fetch-mock";
import { useLikePost } from "./post-mutations";
import { feedKeys } from "./queries";
import type { Post } from "../../../common/contract/feed";
import type { Page } from "../../../common/contract/http";

const post: Post = {
  id: "p1",
  communityId: "c1",
  author: { id: "u-g", fullName: "Giorgi", avatarUrl: null },
  isAuthorAdmin: false,
  authorLevel: 1,
  headline: null,
  content: "hi",
  imageUrls: [],
  topic: null,
  likesCount: 4,
  commentsCount: 0,
  userHasLiked: false,
  poll: null,
  pinned: false,
  editedAt: null,
  createdAt: 1,
  canEdit: false,
  canDelete: false,
  canPin: false,
};

beforeAll(async () => {
  await initI18n("en");
  await ensureNamespace("feed");
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

function setup() {
  const qc = createQueryClient();
  qc.setQueryData<InfiniteData<Page<Post>>>(feedKeys.postList("c1", null), {
    pages: [{ items: [post], nextCursor: null }],
    pageParams: [null],
  });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useLikePost(), { wrapper });
  const current = () => qc.getQueryData<InfiniteData<Page<Post>>>(feedKeys.postList("c1", null))!.pages[0]!.items[0]!;
  return { result, current };
}

describe("liking a post", () => {
  it("shows the like at once and keeps the server's count", async () => {
    let release!: () => void;
    const answered = new Promise<void>((r) => (release = r));
    // The server answers only when told to, so the optimistic state can be seen first.
    vi.stubGlobal("fetch", async () => {
      await answered;
      return new Response(JSON.stringify({ postId: "p1", liked: true, likesCount: 9 }), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    });
    const { result, current } = setup();
    act(() => result.current.mutate({ post, like: true }));
    await waitFor(() => expect(current()).toMatchObject({ userHasLiked: true, likesCount: 5 }));
    release();
    await waitFor(() => expect(current().likesCount).toBe(9));
  });

  it("rolls back and says so when the server refuses", async () => {
    mockFetch({
      "POST /api/posts/p1/like": {
        status: 403,
        body: { error: { code: "READ_ONLY", message: "This community is archived.", requestId: "t" } },
      },
    });
    const { result, current } = setup();
    act(() => result.current.mutate({ post, like: true }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(current()).toMatchObject({ userHasLiked: false, likesCount: 4 });
    expect(getToasts()).toMatchObject([
      { title: "Failed to update the like", description: "This community is archived.", variant: "destructive" },
    ]);
  });
});
