import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CommunityMember } from "../../../common/contract/members";
import { getToasts } from "../../lib/toast";
import { mockFetch } from "../../test/fetch-mock";
import { renderInRouter } from "../../test/render-in-router";
import { MemberCard } from "./member-card";

const nino: CommunityMember = {
  id: "u_nino",
  fullName: "Nino Beridze",
  avatarUrl: null,
  profession: null,
  role: "member",
  isOwner: false,
  joinedAt: Date.UTC(2026, 0, 5),
  points: 12,
  level: 1,
  online: false,
};

const card = () =>
  renderInRouter(
    <ul>
      <MemberCard member={nino} online={false} isMe={false} levelName={(level) => `Level ${level}`} />
    </ul>,
    { namespaces: ["members"] },
  );

describe("a member card's Message button", () => {
  it("opens the conversation it starts or finds with that member", async () => {
    const { calls } = mockFetch({ "POST /api/conversations/direct": { body: { conversation: { id: "conv_1" } } } });
    const { router } = await card();
    fireEvent.click(screen.getByRole("link", { name: "Message Nino Beridze" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/chat/conv_1"));
    expect(calls.filter((c) => c.method === "POST")).toMatchObject([
      { path: "/api/conversations/direct", body: { userId: "u_nino" } },
    ]);
  });

  it("says 'Failed to start conversation. Please try again.' when that fails, and stays on the page", async () => {
    mockFetch({
      "POST /api/conversations/direct": {
        status: 500,
        body: { error: { code: "INTERNAL", message: "Something went wrong", requestId: "r" } },
      },
    });
    const { router } = await card();
    fireEvent.click(screen.getByRole("link", { name: "Message Nino Beridze" }));
    await waitFor(() =>
      expect(getToasts()).toMatchObject([{ variant: "destructive", title: "Failed to start conversation. Please try again." }]),
    );
    expect(router.state.location.pathname).toBe("/");
  });

  it("still leads a new tab to the chat with that member", async () => {
    mockFetch({});
    await card();
    expect(screen.getByRole("link", { name: "Message Nino Beridze" }).getAttribute("href")).toBe("/new-chat?user=u_nino");
  });
});
