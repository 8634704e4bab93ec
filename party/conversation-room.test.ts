import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { disconnectFromConversation, getConversationPresence, publishToConversation } from "../worker/lib/rooms";
import { sampleMessage } from "../tests/chat-messages";
import type { MessagesPage } from "../common/contract/conversations";
import { stopClock } from "../tests/clock";
import { addMember, call, createCommunity, createConversation, createUser } from "../tests/factories";
import type { ConversationEvent } from "../common/realtime-protocol";
import { closeAll, connect, expectRefused, upgrade, type TestSocket } from "./test-socket";

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
    const message = sampleMessage({
      conversationId: conversation.id,
      sender: { id: alice.user.id, fullName: "Alice", avatarUrl: null },
    });
    const events: ConversationEvent[] = [
      { type: "message.created", conversationId: conversation.id, message },
      { type: "read.receipt", conversationId: conversation.id, userId: bob.user.id, seq: 1, readAt: 1_700_000_000_000 },
      {
        type: "message.updated",
        conversationId: conversation.id,
        message: { ...message, version: 2, isDeleted: true, content: "" },
      },
    ];
    for (const event of events) {
      expect(await publishToConversation(env, conversation.id, event)).toBe(2);
      expect(await a.next(event.type)).toEqual(event);
      expect(await b.next(event.type)).toEqual(event);
    }
  });

  it("does not deliver to the people a message is hidden from (blocks in a group)", async () => {
    const alice = await createUser({ name: "Alice" });
    const bob = await createUser({ name: "Bob" });
    const carol = await createUser({ name: "Carol" });
    const community = await createCommunity(alice.user.id);
    await addMember(community.id, bob.user.id);
    await addMember(community.id, carol.user.id);
    const conversation = await createConversation("group", [alice.user.id, bob.user.id, carol.user.id], {
      communityId: community.id,
    });
    const path = `/parties/conversation-room/${conversation.id}`;
    const [a, b, c] = await Promise.all([alice, bob, carol].map((u) => connect(path, { cookie: u.cookie })));
    await Promise.all([a!.next("welcome"), b!.next("welcome"), c!.next("welcome")]);
    const event: ConversationEvent = {
      type: "message.created",
      conversationId: conversation.id,
      message: sampleMessage({ conversationId: conversation.id }),
    };
    expect(await publishToConversation(env, conversation.id, event, [carol.user.id])).toBe(2);
    expect(await b!.next("message.created")).toEqual(event);
    await c!.expectNone("message.created", 0, 300);
  });

  it("tells who has the chat open, and the worker can ask", async () => {
    const { alice, bob, conversation, path } = await directChat();
    const a = await connect(path, { cookie: alice.cookie });
    await a.next("presence", (p) => p.online.includes(alice.user.id));
    expect(await getConversationPresence(env, conversation.id)).toEqual([alice.user.id]);
    const b = await connect(path, { cookie: bob.cookie });
    expect(await a.next("presence.changed")).toEqual({ type: "presence.changed", joined: [bob.user.id], left: [], count: 2 });
    expect(new Set((await b.next("presence")).online)).toEqual(new Set([alice.user.id, bob.user.id]));
    await b.close();
    await a.next("presence.changed", (p) => p.left.includes(bob.user.id) && p.count === 1);
    expect(await getConversationPresence(env, conversation.id)).toEqual([alice.user.id]);
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

  it("keeps typing between two people a block stands between in a group, both ways, until unblocked", async () => {
    const [alice, bob, carol] = await Promise.all(["Alice", "Bob", "Carol"].map((name) => createUser({ name })));
    const community = await createCommunity(alice!.user.id);
    await addMember(community.id, bob!.user.id);
    await addMember(community.id, carol!.user.id);
    const conversation = await createConversation("group", [alice!.user.id, bob!.user.id, carol!.user.id], {
      communityId: community.id,
    });
    const path = `/parties/conversation-room/${conversation.id}`;
    const join = async () => {
      const sockets = await Promise.all([alice, bob, carol].map((u) => connect(path, { cookie: u!.cookie })));
      await Promise.all(sockets.map((s) => s.next("welcome")));
      return sockets as [TestSocket, TestSocket, TestSocket];
    };
    /** Who of the others hears `from` type (Alice always does: her frame marks that the relay happened). */
    const heard = async (sockets: TestSocket[], from: number, active: boolean) => {
      const since = sockets.map((s) => s.frames.length);
      sockets[from]!.sendJson({ type: "typing", active });
      await sockets[0 === from ? 1 : 0]!.next("typing", (t) => t.active === active, since[0 === from ? 1 : 0]);
      await new Promise((r) => setTimeout(r, 150));
      return sockets.map((s, i) => i !== from && s.frames.slice(since[i]).some((f) => f.type === "typing"));
    };
    const settled = () => new Promise((r) => setTimeout(r, 300));

    // Blocked while everyone is in the room: the room is told.
    let [a, b, c] = await join();
    expect((await call(`/api/users/${carol!.user.id}/block`, { method: "PUT", cookie: bob!.cookie })).status).toBe(200);
    await settled();
    expect(await heard([a, b, c], 2, true)).toEqual([true, false, false]);
    expect(await heard([a, b, c], 1, true)).toEqual([true, false, false]);

    // Sockets opened after the block learn it at the upgrade, whoever blocked whom.
    await closeAll();
    [a, b, c] = await join();
    expect(await heard([a, b, c], 2, true)).toEqual([true, false, false]);
    expect(await heard([a, b, c], 1, true)).toEqual([true, false, false]);

    // Unblocked: they hear each other again, live.
    expect((await call(`/api/users/${carol!.user.id}/block`, { method: "DELETE", cookie: bob!.cookie })).status).toBe(200);
    await settled();
    expect(await heard([a, b, c], 2, false)).toEqual([true, true, false]);
    expect(await heard([a, b, c], 1, false)).toEqual([true, false, true]);
  });

  it("damps a typing flood to one frame per second per connection and typing state, by the room's clock", async () => {
    // The room reads the stopped clock (it runs in the tests' isolate), so "within a second" never
    // depends on how fast the frames go.
    const clock = stopClock();
    const start = Date.now();
    const { alice, bob, conversation, path } = await directChat();
    const a = await connect(path, { cookie: alice.cookie });
    const [b1, b2] = [await connect(path, { cookie: bob.cookie }), await connect(path, { cookie: bob.cookie })];
    await Promise.all([a, b1, b2].map((s) => s.next("welcome")));
    /** Sends `times` typing frames and waits until the room has handled them (it answers the ping after). */
    const type = async (socket: TestSocket, active: boolean, times = 1) => {
      for (let i = 0; i < times; i++) socket.sendJson({ type: "typing", active });
      const id = crypto.randomUUID();
      socket.sendJson({ type: "ping", id });
      await socket.next("pong", (p) => p.id === id);
    };
    /** The typing states Alice got, once a frame published after them has reached her. */
    let marks = 0;
    const relayed = async () => {
      const readAt = ++marks;
      await publishToConversation(env, conversation.id, {
        type: "read.receipt",
        conversationId: conversation.id,
        userId: bob.user.id,
        seq: 0,
        readAt,
      });
      await a.next("read.receipt", (r) => r.readAt === readAt);
      return a.frames.flatMap((f) => (f.type === "typing" ? [f.active] : []));
    };

    // One of each state per connection: Bob's second tab is not damped by his first.
    await type(b1, true, 20);
    await type(b1, false, 20);
    await type(b2, true, 5);
    clock.set(start + 999);
    await type(b1, true);
    expect(await relayed()).toEqual([true, false, true]);
    // A second after the last relayed frame of that connection and state, the next goes through.
    clock.set(start + 1000);
    await type(b1, true);
    expect(await relayed()).toEqual([true, false, true, true]);
  });

  it("forgets a closed connection's typing and only its own: another's close leaves a flood damped", async () => {
    stopClock();
    const { alice, bob, path } = await directChat();
    // Alice's first tab hears what her second types (typing goes to every other socket, hers too).
    const [a1, a2] = [await connect(path, { cookie: alice.cookie }), await connect(path, { cookie: alice.cookie })];
    const b = await connect(path, { cookie: bob.cookie });
    await Promise.all([a1, a2, b].map((s) => s.next("welcome")));
    a2.sendJson({ type: "typing", active: true });
    await a1.next("typing");
    // Bob leaves: once Alice hears it, the room has handled his socket's close.
    await b.close();
    await a1.next("presence.changed", (p) => p.left.includes(bob.user.id));
    a2.sendJson({ type: "typing", active: true });
    // A state not damped yet marks the end: the repeat before it was dropped.
    a2.sendJson({ type: "typing", active: false });
    await a1.next("typing", (t) => !t.active);
    expect(a1.frames.flatMap((f) => (f.type === "typing" ? [f.active] : []))).toEqual([true, false]);
  });

  it("closes both people's sockets of their direct chat, for good, when one blocks the other", async () => {
    const { alice, bob, path } = await directChat();
    const a = await connect(path, { cookie: alice.cookie });
    const b = await connect(path, { cookie: bob.cookie });
    await Promise.all([a.next("welcome"), b.next("welcome")]);
    expect((await call(`/api/users/${bob.user.id}/block`, { method: "PUT", cookie: alice.cookie })).status).toBe(200);
    // A frame first, which the client acts on at once (the runtime's close frame can lag by seconds).
    for (const socket of [a, b]) expect(await socket.next("closing")).toMatchObject({ code: 4003 });
    expect((await a.closed).code).toBe(4003);
    expect((await b.closed).code).toBe(4003);
  });

  it("closes a participant who was removed", async () => {
    const { alice, bob, conversation, path } = await directChat();
    const a = await connect(path, { cookie: alice.cookie });
    const b = await connect(path, { cookie: bob.cookie });
    await Promise.all([a.next("welcome"), b.next("welcome")]);
    expect(await disconnectFromConversation(env, conversation.id, bob.user.id)).toBe(1);
    expect((await b.closed).code).toBe(4003);
    expect(
      await publishToConversation(env, conversation.id, {
        type: "read.receipt",
        conversationId: conversation.id,
        userId: alice.user.id,
        seq: 0,
        readAt: 1,
      }),
    ).toBe(1);
  });

  it("delivers sent messages in sequence, and a client that was away catches up by version with no gap or duplicate", async () => {
    const { alice, bob, conversation, path } = await directChat();
    const post = (content: string) =>
      call(`/api/conversations/${conversation.id}/messages`, { body: { id: crypto.randomUUID(), content }, cookie: bob.cookie });
    const a = await connect(path, { cookie: alice.cookie });
    await a.next("welcome");
    for (const content of ["one", "two", "three"]) expect((await post(content)).status).toBe(201);
    const live = await Promise.all([1, 2, 3].map((seq) => a.next("message.created", (m) => m.message.seq === seq)));
    expect(live.map((f) => f.message.content)).toEqual(["one", "two", "three"]);
    const seen = Math.max(...live.map((f) => f.message.version));
    await a.close();

    // While Alice is away: two new messages and an edit of the first.
    expect((await post("four")).status).toBe(201);
    expect((await post("five")).status).toBe(201);
    const edit = await call(`/api/messages/${live[0]!.message.id}`, {
      method: "PATCH",
      body: { content: "one!" },
      cookie: bob.cookie,
    });
    expect(edit.status).toBe(200);

    const again = await connect(path, { cookie: alice.cookie });
    await again.next("welcome");
    const res = await call(`/api/conversations/${conversation.id}/messages?after=${seen}`, { cookie: alice.cookie });
    const page = (await res.json()) as MessagesPage;
    expect(page.items.map((m) => [m.seq, m.version, m.content])).toEqual([
      [4, 4, "four"],
      [5, 5, "five"],
      [1, 6, "one!"],
    ]);
    expect(page.version).toBe(6);
    expect(page.hasMore).toBe(false);
  });

  it("refuses a group's participant who left its community, and a direct chat across a block", async () => {
    const owner = await createUser();
    const member = await createUser();
    const community = await createCommunity(owner.user.id);
    await addMember(community.id, member.user.id);
    const group = await createConversation("group", [owner.user.id, member.user.id], { communityId: community.id });
    await (await connect(`/parties/conversation-room/${group.id}`, { cookie: member.cookie })).next("welcome");
    await env.DB.prepare("delete from community_members where community_id = ? and profile_id = ?")
      .bind(community.id, member.user.id)
      .run();
    await expectRefused(await upgrade(`/parties/conversation-room/${group.id}`, { cookie: member.cookie }), 404, "NOT_FOUND");

    const { alice, bob, conversation, path } = await directChat();
    const open = await connect(path, { cookie: bob.cookie });
    await open.next("welcome");
    const blocked = await call(`/api/users/${bob.user.id}/block`, { method: "PUT", cookie: alice.cookie });
    expect(blocked.status).toBe(200);
    expect((await open.closed).code).toBe(4003);
    for (const who of [alice, bob]) {
      await expectRefused(
        await upgrade(`/parties/conversation-room/${conversation.id}`, { cookie: who.cookie }),
        404,
        "NOT_FOUND",
      );
    }
    expect((await call(`/api/users/${bob.user.id}/block`, { method: "DELETE", cookie: alice.cookie })).status).toBe(200);
    await (await connect(path, { cookie: bob.cookie })).next("welcome");
  });
});
