import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getToasts } from "../../lib/toast";
import { anaUser, mockFetch } from "../../test/fetch-mock";
import { renderApp } from "../../test/render-app";
import type { ChatMessage, ConversationDetail } from "../../../common/contract/conversations";

/** A socket that never opens: these tests drive the chat through HTTP alone. */
class SilentSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  readyState = 0;
  binaryType = "blob";
  send() {}
  close() {}
  addEventListener() {}
  removeEventListener() {}
}

beforeEach(() => {
  vi.stubGlobal("WebSocket", SilentSocket);
});

const giorgi = { id: "u_giorgi", fullName: "Giorgi Maisuradze", avatarUrl: null };

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
    { id: anaUser.id, fullName: anaUser.fullName, avatarUrl: null, lastReadSeq: 2 },
  ],
  otherUserId: giorgi.id,
  canWrite: true,
  canManage: false,
};

function message(seq: number, sender: typeof giorgi, content: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `00000000-0000-7000-8000-00000000000${seq}`,
    conversationId: "conv1",
    seq,
    version: seq,
    sender,
    content,
    messageType: "text",
    fileUrl: null,
    replyTo: null,
    reactions: [],
    isEdited: false,
    isDeleted: false,
    createdAt: Date.now() - 60_000,
    updatedAt: Date.now() - 60_000,
    ...overrides,
  };
}

const ana = { id: anaUser.id, fullName: anaUser.fullName, avatarUrl: null };
const history = [message(1, giorgi, "Coffee next week?"), message(2, ana, "Sure, Tuesday")];

function serve(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    "GET /api/me": { body: { user: anaUser } },
    "GET /api/me/communities": { body: { communities: [] } },
    "GET /api/conversations/unread-count": { body: { count: 0 } },
    "GET /api/notifications/unread-count": { body: { count: 0 } },
    "GET /api/conversations/conv1": { body: { conversation: detail } },
    "GET /api/conversations/conv1/messages": { body: { items: history, hasMore: false, version: 2 } },
    "POST /api/conversations/conv1/read": { body: { unreadCount: 0 } },
    ...extra,
  });
}

describe("/chat/{id}", () => {
  it("shows the history with the other person's name, and 'Seen' under the last own message they read", async () => {
    serve();
    await renderApp("/chat/conv1");
    expect(await screen.findByRole("heading", { level: 1, name: "Giorgi Maisuradze" })).toBeTruthy();
    expect(screen.getByText("Coffee next week?")).toBeTruthy();
    const own = screen.getByText("Sure, Tuesday").closest("li")!;
    expect(within(own).getByText("Seen")).toBeTruthy();
    // Our own socket is not open, so the status says so.
    expect(screen.getByText("Connecting...")).toBeTruthy();
  });

  it("puts a day line where a new day starts: the weekday and date, then Today", async () => {
    const now = Date.now();
    const earlier = new Date(now);
    earlier.setDate(earlier.getDate() - 5);
    earlier.setHours(18, 0, 0, 0);
    const before = earlier.getTime();
    serve({
      "GET /api/conversations/conv1/messages": {
        body: {
          items: [
            message(1, giorgi, "Coffee next week?", { createdAt: before, updatedAt: before }),
            message(2, giorgi, "Or Tuesday?", { createdAt: before + 60_000, updatedAt: before + 60_000 }),
            message(3, ana, "Sure, Tuesday", { createdAt: now, updatedAt: now }),
          ],
          hasMore: false,
          version: 3,
        },
      },
    });
    await renderApp("/chat/conv1");
    await screen.findByText("Sure, Tuesday");
    const lines = screen.getAllByRole("time").filter((el) => el.closest("[data-message-id]") === null);
    const year = earlier.getFullYear() === new Date(now).getFullYear() ? {} : { year: "numeric" as const };
    const date = new Intl.DateTimeFormat("en", { weekday: "long", day: "numeric", month: "long", ...year }).format(before);
    expect(lines.map((el) => el.textContent)).toEqual([date, "Today"]);
  });

  it("shows a message at once as '(sending...)', offers Retry on failure, and retries under the same id", async () => {
    let attempts = 0;
    const { calls } = serve({
      "POST /api/conversations/conv1/messages": ({ body }) => {
        attempts += 1;
        if (attempts === 1) return { status: 500, body: { error: { code: "INTERNAL", message: "Boom", requestId: "r" } } };
        const sent = body as { id: string; content: string };
        return { status: 201, body: { message: message(3, ana, sent.content, { id: sent.id }) } };
      },
    });
    await renderApp("/chat/conv1");
    const box = await screen.findByRole("textbox", { name: "Message" });
    fireEvent.change(box, { target: { value: "See you there" } });
    fireEvent.keyDown(box, { key: "Enter" });

    expect(screen.getByText("See you there")).toBeTruthy();
    expect(screen.getByText("(sending...)")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Retry" })).toBeTruthy();
    expect(getToasts().map((t) => t.title)).toContain("Failed to send message. Please try again.");

    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Retry" })).toBeNull());
    expect(screen.queryByText("(sending...)")).toBeNull();
    const sends = calls.filter((c) => c.method === "POST" && c.path === "/api/conversations/conv1/messages");
    expect(sends).toHaveLength(2);
    const [first, second] = sends.map((c) => (c.body as { id: string }).id);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    expect(screen.getAllByText("See you there")).toHaveLength(1);
  });

  it("Shift+Enter does not send", async () => {
    const { calls } = serve();
    await renderApp("/chat/conv1");
    const box = await screen.findByRole("textbox", { name: "Message" });
    fireEvent.change(box, { target: { value: "two lines" } });
    fireEvent.keyDown(box, { key: "Enter", shiftKey: true });
    expect(calls.some((c) => c.method === "POST" && c.path.endsWith("/messages"))).toBe(false);
  });

  it("deletes an own message after the spec's confirmation and keeps it in place as deleted", async () => {
    serve({
      "DELETE /api/messages/00000000-0000-7000-8000-000000000002": {
        body: { message: message(2, ana, "", { isDeleted: true, version: 3 }) },
      },
    });
    await renderApp("/chat/conv1");
    const own = (await screen.findByText("Sure, Tuesday")).closest("li")!;
    fireEvent.click(within(own).getByRole("button", { name: "Message actions" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Delete" }));
    expect(await screen.findByText("Are you sure you want to delete this message? This action cannot be undone.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("This message was deleted")).toBeTruthy();
    expect(screen.queryByText("Sure, Tuesday")).toBeNull();
    expect(getToasts().map((t) => t.title)).toContain("Message deleted successfully");
  });

  it("a conversation that cannot be loaded says so and goes back to /messages", async () => {
    serve({
      "GET /api/conversations/conv1": {
        status: 404,
        body: { error: { code: "NOT_FOUND", message: "Conversation not found", requestId: "r" } },
      },
      "GET /api/conversations": { body: { items: [] } },
    });
    const { router } = await renderApp("/chat/conv1");
    await waitFor(() => expect(router.state.location.pathname).toBe("/messages"));
    expect(getToasts().map((t) => t.title)).toContain("Failed to load conversation");
  });

  it("loads the page before the oldest message held and puts it above, once no more wait the button goes", async () => {
    const newest = [message(5, giorgi, "Fifth"), message(6, ana, "Sixth")];
    const older = [message(3, giorgi, "Third"), message(4, ana, "Fourth")];
    const { calls } = serve({
      "GET /api/conversations/conv1/messages": ({ url }) =>
        url.searchParams.get("before") === "5"
          ? { body: { items: older, hasMore: false, version: 6 } }
          : url.searchParams.has("after")
            ? { body: { items: [], hasMore: false, version: 6 } }
            : { body: { items: newest, hasMore: true, version: 6 } },
    });
    await renderApp("/chat/conv1");
    fireEvent.click(await screen.findByRole("button", { name: "Load older messages" }));
    expect(await screen.findByText("Third")).toBeTruthy();
    const texts = Array.from(document.querySelectorAll("li[data-message-id] p")).map((p) => p.textContent);
    expect(texts).toEqual(["Third", "Fourth", "Fifth", "Sixth"]);
    expect(calls.filter((c) => c.search.includes("before=")).map((c) => c.search)).toEqual(["?before=5&limit=50"]);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load older messages" })).toBeNull());
  });

  it("when the chat is read-only the composer is replaced by a notice", async () => {
    serve({ "GET /api/conversations/conv1": { body: { conversation: { ...detail, canWrite: false } } } });
    await renderApp("/chat/conv1");
    expect(await screen.findByText("You can no longer send messages in this conversation.")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Message" })).toBeNull();
    // Nobody is blocked twice: the chat's Block action is gone too.
    expect(screen.queryByRole("button", { name: "Chat actions" })).toBeNull();
  });

  it("blocks the other person from the chat's menu after asking", async () => {
    const { calls } = serve({ [`PUT /api/users/${giorgi.id}/block`]: { body: { ok: true } } });
    await renderApp("/chat/conv1");
    fireEvent.click(await screen.findByRole("button", { name: "Chat actions" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Block Giorgi Maisuradze" }));
    expect(await screen.findByText("Block Giorgi Maisuradze?")).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Block" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "PUT").map((c) => c.path)).toEqual([`/api/users/${giorgi.id}/block`]),
    );
    expect(await screen.findByText("Giorgi Maisuradze is blocked")).toBeTruthy();
  });
});
