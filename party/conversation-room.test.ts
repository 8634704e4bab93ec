import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { disconnectFromConversation, publishToConversation } from "../worker/lib/rooms";
import { createConversation, createUser } from "../tests/factories";
import type { ConversationEvent } from "../common/realtime-protocol";
import { closeAll, connect } from "./test-socket";

afterEach(closeAll);

async function directChat() {
  const alice = await createUser({ name: "Alice" });
  const bob = await createUser({ name: "Bob" });
  const conversation = await createConversation("direct", [alice.user.id, bob.user.id]);
  return { alice, bob, conversation, path: `/parties/conversation-room/${conversation.id}` };
}

describe("ConversationRoom", () => {
  it("delivers published messages, edits, reactions and read receipts to every participant online", async () => {
    const { alice, bob, conversation, path } = await directChat();
    const a = await connect(path, { cookie: alice.cookie });
    const b = await connect(path, { cookie: bob.cookie });
    await Promise.all([a.next("welcome"), b.next("welcome")]);
    const events: ConversationEvent[] = [
      { type: "message.created", conversationId: conversation.id, messageId: "m1", data: { content: "Hi Bob" } },
      { type: "message.reaction", conversationId: conversation.id, messageId: "m1", reactions: { "👍": 1 } },
      { type: "read.receipt", conversationId: conversation.id, userId: bob.user.id, messageId: "m1", readAt: 1_700_000_000_000 },
      { type: "message.deleted", conversationId: conversation.id, messageId: "m1" },
    ];
    for (const event of events) {
      expect(await publishToConversation(env, conversation.id, event)).toBe(2);
      expect(await a.next(event.type)).toEqual(event);
      expect(await b.next(event.type)).toEqual(event);
    }
  });

  it("relays typing to the other participant, with the conversation and the sender's real id", async () => {
    const { alice, bob, conversation, path } = await directChat();
    const a = await connect(path, { cookie: alice.cookie });
    const b = await connect(path, { cookie: bob.cookie });
    await Promise.all([a.next("welcome"), b.next("welcome")]);
    b.sendJson({ type: "typing", active: true, userId: alice.user.id });
    expect(await a.next("typing")).toEqual({
      type: "typing",
      userId: bob.user.id,
      conversationId: conversation.id,
      active: true,
    });
    b.sendJson({ type: "typing", active: false });
    expect(await a.next("typing", (t) => !t.active)).toMatchObject({ userId: bob.user.id, active: false });
    await b.expectNone("typing", 0);
  });

  it("damps a typing flood to one frame per second per connection", async () => {
    const { alice, bob, path } = await directChat();
    const a = await connect(path, { cookie: alice.cookie });
    const b = await connect(path, { cookie: bob.cookie });
    await Promise.all([a.next("welcome"), b.next("welcome")]);
    for (let i = 0; i < 20; i++) b.sendJson({ type: "typing", active: true });
    b.sendJson({ type: "ping", id: "after" });
    await b.next("pong", (p) => p.id === "after");
    await new Promise((r) => setTimeout(r, 100));
    expect(a.frames.filter((f) => f.type === "typing")).toHaveLength(1);
  });

  it("has no presence frames and closes a participant who was removed", async () => {
    const { alice, bob, conversation, path } = await directChat();
    const a = await connect(path, { cookie: alice.cookie });
    const b = await connect(path, { cookie: bob.cookie });
    await Promise.all([a.next("welcome"), b.next("welcome")]);
    expect(await disconnectFromConversation(env, conversation.id, bob.user.id)).toBe(1);
    expect((await b.closed).code).toBe(4003);
    expect(
      await publishToConversation(env, conversation.id, {
        type: "message.deleted",
        conversationId: conversation.id,
        messageId: "m",
      }),
    ).toBe(1);
    expect(a.frames.some((f) => f.type === "presence")).toBe(false);
  });
});
