import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../test/fetch-mock";
import { CommentThread } from "./comment-thread";
import { renderFeed } from "./test-utils";
import type { Comment, Post } from "../../../common/contract/feed";

const post: Post = {
  id: "p1",
  communityId: "c1",
  author: { id: "u_ana", fullName: "Ana Kapanadze", avatarUrl: null },
  isAuthorAdmin: true,
  authorLevel: 1,
  headline: "Hello",
  content: "World",
  imageUrls: [],
  topic: null,
  likesCount: 0,
  commentsCount: 3,
  userHasLiked: false,
  poll: null,
  pinned: false,
  editedAt: null,
  createdAt: Date.now(),
  canEdit: true,
  canDelete: true,
  canPin: true,
};

const comment = (id: string, name: string, repliesCount: number, parentCommentId: string | null = null): Comment => ({
  id,
  postId: "p1",
  parentCommentId,
  author: { id: `u-${id}`, fullName: name, avatarUrl: null },
  isAuthorAdmin: false,
  authorLevel: 3,
  content: `${name} says hi`,
  likesCount: 0,
  repliesCount,
  userHasLiked: false,
  editedAt: null,
  createdAt: Date.now(),
  canDelete: false,
});

describe("comments", () => {
  it("names a comment whose author's account was deleted 'Deleted user', and one without a name 'Unknown User'", async () => {
    const gone = { ...comment("c-gone", "", 0), author: null };
    const nameless = comment("c-nameless", "", 0);
    mockFetch({ "GET /api/posts/p1/comments": { body: { items: [gone, nameless], nextCursor: null } } });
    await renderFeed(<CommentThread post={post} viewerId={null} readOnly={false} />);
    expect(await screen.findByText("Deleted user")).toBeTruthy();
    expect(screen.getByText("Unknown User")).toBeTruthy();
  });

  it("says so when there are no comments yet, and counts the comment box against 500", async () => {
    mockFetch({ "GET /api/posts/p1/comments": { body: { items: [], nextCursor: null } } });
    await renderFeed(<CommentThread post={post} viewerId={null} readOnly={false} />);
    expect(await screen.findByText("No comments yet")).toBeTruthy();
    expect(screen.getByText("Be the first to share your thoughts!")).toBeTruthy();

    const send = screen.getByRole("button", { name: "Comment" }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(screen.getByText("0/500")).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText("Write a comment..."), { target: { value: "   " } });
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByPlaceholderText("Write a comment..."), { target: { value: "Nice!" } });
    expect(screen.getByText("5/500")).toBeTruthy();
    expect(send.disabled).toBe(false);
  });

  it("shows each comment author's level on their avatar", async () => {
    mockFetch({
      "GET /api/posts/p1/comments": {
        body: { items: [comment("c1", "Giorgi", 0), { ...comment("c2", "Luka", 0), authorLevel: 7 }], nextCursor: null },
      },
    });
    await renderFeed(<CommentThread post={post} viewerId={null} readOnly={false} />);
    expect((await screen.findByRole("img", { name: "Level 3" })).textContent).toBe("3");
    expect(screen.getByRole("img", { name: "Level 7" }).textContent).toBe("7");
  });

  it("toggles replies with singular and plural texts", async () => {
    mockFetch({
      "GET /api/posts/p1/comments": {
        body: { items: [comment("c1", "Giorgi", 1), comment("c2", "Luka", 2), comment("c3", "Mariam", 0)], nextCursor: null },
      },
      "GET /api/comments/c1/replies": { body: { items: [comment("r1", "Dato", 0, "c1")], nextCursor: null } },
    });
    await renderFeed(<CommentThread post={post} viewerId={null} readOnly={false} />);
    const show = await screen.findByRole("button", { name: "Show 1 reply" });
    expect(screen.getByRole("button", { name: "Show 2 replies" })).toBeTruthy();
    expect(screen.getAllByRole("button", { name: /^Show/ })).toHaveLength(2);

    fireEvent.click(show);
    expect(show.getAttribute("aria-expanded")).toBe("true");
    expect(show.textContent).toBe("Hide 1 reply");
    expect(await screen.findByText("Dato says hi")).toBeTruthy();
    fireEvent.click(show);
    expect(show.textContent).toBe("Show 1 reply");
    expect(screen.queryByText("Dato says hi")).toBeNull();
  });

  it("opens one reply box at a time, counts against 300, and Cancel closes and clears it", async () => {
    mockFetch({
      "GET /api/posts/p1/comments": { body: { items: [comment("c1", "Giorgi", 0), comment("c2", "Luka", 0)], nextCursor: null } },
      "GET /api/comments/c1/replies": { body: { items: [], nextCursor: null } },
      "GET /api/comments/c2/replies": { body: { items: [], nextCursor: null } },
    });
    await renderFeed(<CommentThread post={post} viewerId={null} readOnly={false} />);
    await screen.findByText("Giorgi says hi");
    const [replyToGiorgi, replyToLuka] = screen.getAllByRole("button", { name: "Reply" });

    fireEvent.click(replyToGiorgi!);
    const box = screen.getByLabelText("Reply to Giorgi");
    expect(screen.getByText("0/300")).toBeTruthy();
    expect(await screen.findByText("No replies yet.")).toBeTruthy();
    fireEvent.change(box, { target: { value: "Agreed" } });

    fireEvent.click(replyToLuka!);
    expect(screen.queryByLabelText("Reply to Giorgi")).toBeNull();
    expect(screen.getAllByLabelText(/^Reply to/)).toHaveLength(1);

    const lukasBox = screen.getByLabelText("Reply to Luka");
    fireEvent.change(lukasBox, { target: { value: "Draft" } });
    const form = lukasBox.closest("form")!;
    fireEvent.click(within(form).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByLabelText(/^Reply to/)).toBeNull();
    fireEvent.click(replyToLuka!);
    expect((screen.getByLabelText("Reply to Luka") as HTMLTextAreaElement).value).toBe("");
  });
});
