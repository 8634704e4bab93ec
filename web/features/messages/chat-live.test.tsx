import { act, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { anaUser, mockFetch } from "../../test/fetch-mock";
import { FakeWebSocket } from "../../test/fake-websocket";
import { renderApp } from "../../test/render-app";
import type { ChatMessage, ConversationDetail } from "../../../common/contract/conversations";

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal("WebSocket", FakeWebSocket);
});

const giorgi = { id: "u_giorgi", fullName: "Giorgi Maisuradze", avatarUrl: null };
const ana = { id: anaUser.id, fullName: anaUser.fullName, avatarUrl: null };

const detail: ConversationDetail = {
  id: "conv1",
  type: "direct",
  title: "Giorgi Maisuradze",
  description: null,
  avatarUrl: null,
  communityId: null,
  memberCount: 2,
  version: 2,
  participants: [
    { ...giorgi, lastReadSeq: 2 },
    { ...ana, lastReadSeq: 2 },
  ],
  otherUserId: giorgi.id,
  canWrite: true,
  canManage: false,
};

function message(seq: number, content: string, version = seq): ChatMessage {
  return {
    id: `00000000-0000-7000-8000-00000000000${seq}`,
    conversationId: "conv1",
    seq,
    version,
    sender: seq % 2 ? giorgi : ana,
    content,
    messageType: "text",
    fileUrl: null,
    replyTo: null,
    reactions: [],
    isEdited: version !== seq,
    isDeleted: false,
    createdAt: Date.now() - 60_000,
    updatedAt: Date.now() - 60_000,
  };
}

const conversationSocket = () => FakeWebSocket.instances.find((s) => s.url.includes("/parties/conversation-room/conv1"))!;
const shown = () => Array.from(document.querySelectorAll("li[data-message-id] p")).map((p) => p.textContent);

describe("/chat/{id} live", () => {
  it("puts frames in place, catches up over a gap without gaps or duplicates, and shows presence and typing", async () => {
    const afters: string[] = [];
    mockFetch({
      "GET /api/me": { body: { user: anaUser } },
      "GET /api/me/communities": { body: { communities: [] } },
      "GET /api/conversations/unread-count": { body: { count: 0 } },
      "GET /api/notifications/unread-count": { body: { count: 0 } },
      "GET /api/conversations/conv1": { body: { conversation: detail } },
      "POST /api/conversations/conv1/read": { body: { unreadCount: 0 } },
      "GET /api/conversations/conv1/messages": ({ url }) => {
        const after = url.searchParams.get("after");
        if (after === null) return { body: { items: [message(1, "One"), message(2, "Two")], hasMore: false, version: 2 } };
        afters.push(after);
        // The first catch-up (on connecting) finds nothing; the one after the gap finds 3, and 4 again.
        return afters.length === 1
          ? { body: { items: [], hasMore: false, version: 2 } }
          : { body: { items: [message(3, "Three"), message(4, "Four")], hasMore: false, version: 4 } };
      },
    });
    await renderApp("/chat/conv1");
    await screen.findByText("Two");
    await waitFor(() => expect(conversationSocket()).toBeTruthy());
    expect(screen.getByText("Connecting...")).toBeTruthy();

    act(() => conversationSocket().serverOpen());
    await waitFor(() => expect(afters).toEqual(["2"]));

    // Version 4 after 2: version 3 was missed, so the tab asks for everything after 2.
    act(() => conversationSocket().serverSend({ type: "message.created", conversationId: "conv1", message: message(4, "Four") }));
    expect(await screen.findByText("Four")).toBeTruthy();
    await waitFor(() => expect(shown()).toEqual(["One", "Two", "Three", "Four"]));
    expect(afters).toEqual(["2", "2"]);

    // An edit arrives whole and replaces the message in place.
    act(() =>
      conversationSocket().serverSend({
        type: "message.updated",
        conversationId: "conv1",
        message: message(3, "Three, edited", 5),
      }),
    );
    await waitFor(() => expect(shown()).toEqual(["One", "Two", "Three, edited", "Four"]));
    expect(screen.getByText("(edited)")).toBeTruthy();

    act(() => conversationSocket().serverSend({ type: "presence", online: [anaUser.id], count: 1 }));
    act(() => conversationSocket().serverSend({ type: "presence.changed", joined: [giorgi.id], left: [], count: 2 }));
    expect(await screen.findByText("In this chat")).toBeTruthy();
    act(() => conversationSocket().serverSend({ type: "presence.changed", joined: [], left: [giorgi.id], count: 1 }));
    await waitFor(() => expect(screen.queryByText("In this chat")).toBeNull());
    act(() => conversationSocket().serverSend({ type: "presence.changed", joined: [giorgi.id], left: [], count: 2 }));
    expect(await screen.findByText("In this chat")).toBeTruthy();
    act(() => conversationSocket().serverSend({ type: "typing", userId: giorgi.id, active: true }));
    expect(await screen.findByText("Giorgi Maisuradze is typing…")).toBeTruthy();
    act(() => conversationSocket().serverSend({ type: "typing", userId: giorgi.id, active: false }));
    await waitFor(() => expect(screen.queryByText("Giorgi Maisuradze is typing…")).toBeNull());
  });

  it("a room that closes the chat for good (a block) makes the screen ask again, and the composer gives way", async () => {
    let blocked = false;
    mockFetch({
      "GET /api/me": { body: { user: anaUser } },
      "GET /api/me/communities": { body: { communities: [] } },
      "GET /api/conversations/unread-count": { body: { count: 0 } },
      "GET /api/notifications/unread-count": { body: { count: 0 } },
      "GET /api/conversations/conv1": () => ({ body: { conversation: { ...detail, canWrite: !blocked } } }),
      "POST /api/conversations/conv1/read": { body: { unreadCount: 0 } },
      "GET /api/conversations/conv1/messages": { body: { items: [message(1, "One")], hasMore: false, version: 1 } },
    });
    await renderApp("/chat/conv1");
    await screen.findByRole("textbox", { name: "Message" });
    await waitFor(() => expect(conversationSocket()).toBeTruthy());
    act(() => conversationSocket().serverOpen());
    blocked = true;
    act(() => conversationSocket().serverClose(4003));
    expect(await screen.findByText("You can no longer send messages in this conversation.")).toBeTruthy();
    expect(screen.getByText("One")).toBeTruthy();
  });
});
