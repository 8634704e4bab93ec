import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { sampleNotification } from "../tests/notification-items";
import { disconnectUserRoom, publishToUser, roomCalls, sendRoomCalls, type Frame } from "../worker/lib/rooms";
import { createUser } from "../tests/factories";
import type { UserEvent } from "../common/realtime-protocol";
import { closeAll, connect } from "./test-socket";
import type { UserRoom } from "./user-room";

afterEach(closeAll);

describe("UserRoom", () => {
  it("delivers a publish to every tab of that user and to no other user", async () => {
    const alice = await createUser();
    const bob = await createUser();
    const tab1 = await connect(`/parties/user-room/${alice.user.id}`, { cookie: alice.cookie });
    const tab2 = await connect(`/parties/user-room/${alice.user.id}`, { cookie: alice.cookie });
    const bobTab = await connect(`/parties/user-room/${bob.user.id}`, { cookie: bob.cookie });
    await Promise.all([tab1.next("welcome"), tab2.next("welcome"), bobTab.next("welcome")]);

    const event: UserEvent = {
      type: "notification.created",
      notification: sampleNotification({ id: "n1", content: "Nice photo", createdAt: 1 }),
    };
    expect(await publishToUser(env, alice.user.id, event)).toBe(2);
    expect(await tab1.next("notification.created")).toEqual(event);
    expect(await tab2.next("notification.created")).toEqual(event);
    await publishToUser(env, alice.user.id, { type: "notification.unread", count: 3 });
    expect((await tab2.next("notification.unread")).count).toBe(3);
    await bobTab.expectNone("notification.created", 0);
    await bobTab.expectNone("notification.unread", 0, 50);
  });

  it("fans a conversation bump out to several users at once", async () => {
    const alice = await createUser();
    const bob = await createUser();
    const a = await connect(`/parties/user-room/${alice.user.id}`, { cookie: alice.cookie });
    const b = await connect(`/parties/user-room/${bob.user.id}`, { cookie: bob.cookie });
    await Promise.all([a.next("welcome"), b.next("welcome")]);
    const bump: UserEvent = { type: "conversation.bumped", conversationId: "k1", lastMessageAt: 42 };
    const frames = [alice.user.id, bob.user.id, alice.user.id].map((id): Frame => ({ room: "user", id, event: bump }));
    expect(await sendRoomCalls(env, roomCalls(frames))).toBe(2);
    expect(await a.next("conversation.bumped")).toEqual(bump);
    expect(await b.next("conversation.bumped")).toEqual(bump);
  });

  it("refuses typing (not a user-room frame) with an error frame", async () => {
    const alice = await createUser();
    const tab = await connect(`/parties/user-room/${alice.user.id}`, { cookie: alice.cookie });
    await tab.next("welcome");
    tab.sendJson({ type: "typing" });
    expect((await tab.next("error")).message).toMatch(/not supported/);
  });

  it("refuses a message sent through it (messages go through a conversation's room) with an error frame", async () => {
    const alice = await createUser();
    const tab = await connect(`/parties/user-room/${alice.user.id}`, { cookie: alice.cookie });
    await tab.next("welcome");
    tab.sendJson({ type: "message.send", id: crypto.randomUUID(), content: "hello" });
    expect(await tab.next("error")).toEqual({ type: "error", message: "Messages are not sent in this room." });
  });

  it("closes every tab when the account's access ends", async () => {
    const alice = await createUser();
    const tab1 = await connect(`/parties/user-room/${alice.user.id}`, { cookie: alice.cookie });
    const tab2 = await connect(`/parties/user-room/${alice.user.id}`, { cookie: alice.cookie });
    await Promise.all([tab1.next("welcome"), tab2.next("welcome")]);
    expect(await disconnectUserRoom(env, alice.user.id)).toBe(2);
    expect((await tab1.closed).code).toBe(4003);
    expect((await tab2.closed).code).toBe(4003);
  });

  it("stops counting a socket it closed at once, before the client has answered the close", async () => {
    const alice = await createUser();
    const tab = await connect(`/parties/user-room/${alice.user.id}`, { cookie: alice.cookie });
    await tab.next("welcome");
    // In one turn of the room, so the client cannot have answered yet (its socket is still closing):
    // "is this person online" right after closing their tabs must already say no.
    const counts = await runInDurableObject(env.UserRoom.getByName(alice.user.id), async (room: UserRoom) => [
      room.connectionCount(),
      await room.disconnectUser(alice.user.id),
      room.connectionCount(),
    ]);
    expect(counts).toEqual([1, 1, 0]);
    expect((await tab.closed).code).toBe(4003);
  });
});
