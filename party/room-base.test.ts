import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newId } from "../common/ids";
import { createConversation, createUser } from "../tests/factories";
import { publishToCommunity } from "../worker/lib/rooms";
import { USER_AVATAR_HEADER, USER_ID_HEADER, USER_NAME_HEADER } from "./room-base";
import { accept, closeAll, type TestSocket } from "./test-socket";

afterEach(async () => {
  vi.restoreAllMocks();
  await closeAll();
});

/**
 * What every room does itself (party/room-base.ts) with what reaches it. The worker checks each upgrade
 * and always sets the identity headers (realtime-auth.test.ts), so the requests here go straight to the
 * room's Durable Object, with the headers the worker would set or without them: the room must not
 * lean on the worker for its own second check.
 */

const rooms = {
  "user-room": env.UserRoom,
  "community-room": env.CommunityRoom,
  "conversation-room": env.ConversationRoom,
} as const;
type Party = keyof typeof rooms;

const requestTo = (party: Party, name: string, headers: Record<string, string> = {}) =>
  rooms[party].getByName(name).fetch(`https://agora.test/parties/${party}/${name}`, {
    headers: { "x-partykit-room": name, ...headers },
  });

/** A socket opened straight into a room, with `headers` as the worker would forward them (or not). */
async function openDirect(party: Party, name: string, headers: Record<string, string>): Promise<TestSocket> {
  const res = await requestTo(party, name, { Upgrade: "websocket", ...headers });
  if (!res.webSocket) throw new Error(`${party}/${name} answered ${res.status}`);
  return accept(`${party}/${name}`, res.webSocket);
}

const REFUSAL = { type: "error", message: "Not allowed in this room." };

describe("the room's own check, behind the worker's", () => {
  it("refuses an identity the room does not take, and a request with none: an error frame, then 1008", async () => {
    const [alice, bob] = [newId(), newId()];
    // Bob's identity in Alice's own room (the worker answers 404 before it gets here).
    const intruder = await openDirect("user-room", alice, { [USER_ID_HEADER]: bob });
    expect(await intruder.closed).toEqual({ code: 1008, reason: "Not allowed" });
    expect(intruder.frames).toEqual([REFUSAL]);
    // No identity at all, in a room that takes every member.
    const anonymous = await openDirect("community-room", newId(), {});
    expect(await anonymous.closed).toEqual({ code: 1008, reason: "Not allowed" });
    expect(anonymous.frames).toEqual([REFUSAL]);
    // The identity the room takes is let in.
    const own = await openDirect("user-room", alice, { [USER_ID_HEADER]: alice });
    expect(await own.next("welcome")).toMatchObject({ userId: alice });
  });

  it("takes nothing from a socket it refused: what it sent and its close reach nobody, and nothing fails", async () => {
    const name = newId();
    const member = newId();
    const stub = rooms["community-room"].getByName(name);
    const present = await openDirect("community-room", name, { [USER_ID_HEADER]: member });
    await present.next("presence");
    // The room wakes from hibernation with no memory of whom it announced (the member's socket stays):
    // a close it mistook for a departure would now be announced.
    await evictDurableObject(stub);
    const since = present.raw.length;
    const errors = vi.spyOn(console, "error");
    const refused = await openDirect("community-room", name, {});
    // Sent before the refusal reaches the client: the room still receives it.
    refused.sendJson({ type: "typing", postId: newId() });
    expect(await refused.closed).toEqual({ code: 1008, reason: "Not allowed" });
    // Until the room has handled the refused socket's close (it no longer holds it).
    for (let held = 2; held > 1;) {
      held = await runInDurableObject(stub, (_room, state) => state.getWebSockets().length);
    }
    expect(await publishToCommunity(env, name, { type: "post.deleted", postId: "marker" })).toBe(1);
    await present.next("post.deleted", (f) => f.postId === "marker", since);
    expect(present.raw.slice(since).map((raw) => (JSON.parse(raw) as { type: string }).type)).toEqual(["post.deleted"]);
    expect(errors).not.toHaveBeenCalled();
  });

  it("shows a sender whose name header is missing or does not decode with no name and no picture, never a picture alone", async () => {
    const [alice, bob] = await Promise.all([createUser({ name: "Alice" }), createUser({ name: "Bob" })]);
    const chat = await createConversation("direct", [alice.user.id, bob.user.id]);
    const avatar = "https://img.test/alice.png";
    /** Who the room says sent a message through a socket let in with `name` as its name header (none: undefined). */
    const senderShown = async (name?: string) => {
      const socket = await openDirect("conversation-room", chat.id, {
        [USER_ID_HEADER]: alice.user.id,
        [USER_AVATAR_HEADER]: encodeURIComponent(avatar),
        ...(name === undefined ? {} : { [USER_NAME_HEADER]: name }),
      });
      await socket.next("welcome");
      const id = crypto.randomUUID();
      socket.sendJson({ type: "message.send", id, content: "hi" });
      return (await socket.next("message.ack", (m) => m.id === id)).message.sender;
    };
    // The worker's own encoding of a name that is not Latin-1.
    expect(await senderShown(encodeURIComponent("ალისა"))).toEqual({ id: alice.user.id, fullName: "ალისა", avatarUrl: avatar });
    expect(await senderShown("%E0%A4%A")).toEqual({ id: alice.user.id, fullName: "", avatarUrl: null });
    expect(await senderShown()).toEqual({ id: alice.user.id, fullName: "", avatarUrl: null });
  });

  it("answers a plain request that reaches a room with 404: rooms are reached by upgrades only", async () => {
    const res = await requestTo("user-room", newId());
    expect(res.status).toBe(404);
  });
});
