import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../test/fetch-mock";
import { newPollDraft, PollEditor, pollFromDraft, type PollDraft } from "./poll-editor";
import PollView from "./poll-view";
import { renderFeed } from "./test-utils";
import type { Post } from "../../../common/contract/feed";
import type { Poll } from "../../../common/contract/poll";

const poll = (overrides: Partial<Poll> = {}): Poll => ({
  multipleChoice: false,
  closesAt: null,
  closed: false,
  voters: 0,
  canSeeVoters: false,
  options: [
    { id: "o1", text: "Monday", votes: 0, chosen: false },
    { id: "o2", text: "Friday", votes: 0, chosen: false },
  ],
  ...overrides,
});

const post = (p: Poll): Post & { poll: Poll } => ({
  id: "p1",
  communityId: "c1",
  author: { id: "u_other", fullName: "Giorgi", avatarUrl: null },
  isAuthorAdmin: false,
  authorLevel: 1,
  headline: null,
  content: "Which day?",
  imageUrls: [],
  topic: null,
  likesCount: 0,
  commentsCount: 0,
  userHasLiked: false,
  pinned: false,
  editedAt: null,
  createdAt: 1_700_000_000_000,
  canEdit: false,
  canDelete: false,
  canPin: false,
  poll: p,
});

function Editor() {
  const [value, setValue] = useState<PollDraft | null>(null);
  return <PollEditor value={value} onChange={setValue} disabled={false} />;
}

describe("the poll editor", () => {
  it("adds a poll with two options, up to ten, never fewer than two", async () => {
    await renderFeed(<Editor />);
    fireEvent.click(screen.getByRole("button", { name: "Add poll" }));
    const group = screen.getByRole("group", { name: "Poll" });
    expect(within(group).getAllByRole("textbox")).toHaveLength(2);
    expect((screen.getByRole("button", { name: "Remove option 1" }) as HTMLButtonElement).disabled).toBe(true);
    for (let i = 0; i < 8; i++) fireEvent.click(screen.getByRole("button", { name: "Add option" }));
    expect(within(group).getAllByRole("textbox")).toHaveLength(10);
    expect((screen.getByRole("button", { name: "Up to 10 options" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Remove option 3" }));
    expect(within(group).getAllByRole("textbox")).toHaveLength(9);
    expect(screen.getByLabelText("Allow more than one answer")).toBeTruthy();
    expect(screen.getByLabelText("Closes at (optional)").getAttribute("type")).toBe("datetime-local");
    fireEvent.click(screen.getByRole("button", { name: "Remove poll" }));
    expect(screen.getByRole("button", { name: "Add poll" })).toBeTruthy();
  });

  it("asks for text in every option, different options and a future closing time", () => {
    const draft = newPollDraft();
    const [a, b] = draft.options;
    expect(pollFromDraft({ ...draft, options: [{ ...a!, text: "Yes" }, b!] })).toEqual({ error: "poll.optionRequired" });
    const both = [
      { ...a!, text: "Yes" },
      { ...b!, text: " yes " },
    ];
    expect(pollFromDraft({ ...draft, options: both })).toEqual({ error: "poll.optionsDiffer" });
    const options = [both[0]!, { ...b!, text: "No" }];
    const now = new Date("2026-11-01T12:00").getTime();
    expect(pollFromDraft({ ...draft, options, closesAt: "2026-11-01T11:59" }, now)).toEqual({ error: "poll.closesInPast" });
    expect(pollFromDraft({ ...draft, options, closesAt: "2026-11-01T13:00", multipleChoice: true }, now)).toEqual({
      poll: { options: ["Yes", "No"], multipleChoice: true, closesAt: now + 60 * 60 * 1000 },
    });
  });
});

describe("a post's poll", () => {
  it("votes through a radio group in a fieldset, sending the one option chosen", async () => {
    const { calls } = mockFetch({
      "PUT /api/posts/p1/poll/vote": {
        body: {
          poll: poll({
            voters: 4,
            options: [
              { id: "o1", text: "Monday", votes: 1, chosen: false },
              { id: "o2", text: "Friday", votes: 3, chosen: true },
            ],
          }),
        },
      },
    });
    await renderFeed(<PollView post={post(poll())} readOnly={false} />);
    const group = screen.getByRole("group", { name: "Choose one answer" });
    const vote = screen.getByRole("button", { name: "Vote" }) as HTMLButtonElement;
    expect(vote.disabled).toBe(true);
    fireEvent.click(within(group).getByRole("radio", { name: "Friday" }));
    fireEvent.click(vote);
    await waitFor(() => expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ optionIds: ["o2"] }));
  });

  it("shows results once voted, the total as a live region, and the voter list only to who may see it", async () => {
    const voted = poll({
      voters: 4,
      canSeeVoters: true,
      closesAt: Date.now() + 3 * 60 * 60 * 1000,
      options: [
        { id: "o1", text: "Monday", votes: 1, chosen: false },
        { id: "o2", text: "Friday", votes: 3, chosen: true },
      ],
    });
    mockFetch({
      "GET /api/posts/p1/poll/voters": {
        body: { options: [{ id: "o1", text: "Monday", voters: [{ id: "u1", fullName: "Mary", avatarUrl: null }] }], hidden: 1 },
      },
    });
    await renderFeed(<PollView post={post(voted)} readOnly={false} />);
    const results = screen.getByRole("list", { name: "Poll results" });
    expect(within(results).getByText("1 vote · 25%")).toBeTruthy();
    expect(within(results).getByText("3 votes · 75%")).toBeTruthy();
    expect(screen.getByText("4 people voted").getAttribute("aria-live")).toBe("polite");
    expect(screen.getByText("Closes in 3 hours")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show who voted" }));
    expect(await screen.findByText("Mary")).toBeTruthy();
    expect(screen.getByText(/1 vote from someone you blocked/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Change vote" }));
    expect((screen.getByRole("radio", { name: "Friday" }) as HTMLInputElement).checked).toBe(true);
  });

  it("shows a closed poll's results without voting or the voter list to members", async () => {
    await renderFeed(<PollView post={post(poll({ closed: true, closesAt: 1, multipleChoice: true }))} readOnly={false} />);
    expect(screen.getByText("Closed")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Vote" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Change vote" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Show who voted" })).toBeNull();
  });
});
