import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { disconnectFromCommunity, getCommunityPresence, publishToCommunity } from "../worker/lib/rooms";
import { addMember, call, createCommunity, createUser } from "../tests/factories";
import { HEARTBEAT_PING, HEARTBEAT_PONG, type CommunityEvent } from "../common/realtime-protocol";
import { closeAll, connect, expectRefused, upgrade } from "./test-socket";

afterEach(closeAll);

async function communityWithMembers() {
  const alice = await createUser({ name: "Alice" });
  const bob = await createUser({ name: "Bob" });
  const community = await createCommunity(alice.user.id);
  await addMember(community.id, bob.user.id);
  return { alice, bob, community, path: `/parties/community-room/${community.id}` };
}

describe("CommunityRoom", () => {
  it("welcomes with the connection id and the user id from the session", async () => {
    const { alice, path } = await communityWithMembers();
    const socket = await connect(path, { cookie: alice.cookie });
    const welcome = await socket.next("welcome");
    expect(welcome.userId).toBe(alice.user.id);
    expect(welcome.connectionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers ping with pong, echoing the id, and answers the bare heartbeat too", async () => {
    const { alice, path } = await communityWithMembers();
    const socket = await connect(path, { cookie: alice.cookie });
    await socket.next("welcome");
    socket.sendJson({ type: "ping", id: "abc" });
    expect(await socket.next("pong", (p) => p.id === "abc")).toEqual({ type: "pong", id: "abc" });
    socket.sendJson('{"type":"ping"}');
    await socket.next("pong", (p) => p.id === undefined);
    expect(socket.raw).toContain(HEARTBEAT_PONG);
    // Written otherwise, a ping without an id is not the heartbeat's exact text: the room answers it itself, alike.
    const [frames, raw] = [socket.frames.length, socket.raw.length];
    socket.sendJson('{ "type": "ping" }');
    await socket.next("pong", undefined, frames);
    expect(socket.raw.slice(raw)).toEqual([HEARTBEAT_PONG]);
  });

  it("answers the bare heartbeat through the runtime's auto-response, without waking the room", async () => {
    const { alice, community, path } = await communityWithMembers();
    const socket = await connect(path, { cookie: alice.cookie });
    await socket.next("welcome");
    socket.sendJson(HEARTBEAT_PING);
    await socket.next("pong");
    const stamps = await runInDurableObject(env.CommunityRoom.getByName(community.id), (_room, state) =>
      state.getWebSockets().map((ws) => state.getWebSocketAutoResponseTimestamp(ws)),
    );
    expect(stamps.some((stamp) => stamp !== null)).toBe(true);
  });

  it("keeps identity, presence and publishing across hibernation (state lives in the socket attachments)", async () => {
    const { alice, bob, community, path } = await communityWithMembers();
    const a = await connect(path, { cookie: alice.cookie });
    const b = await connect(path, { cookie: bob.cookie });
    await a.next("presence.changed", (p) => p.count === 2);
    await b.next("welcome");
    await evictDurableObject(env.CommunityRoom.getByName(community.id));

    expect((await getCommunityPresence(env, community.id)).count).toBe(2);
    b.sendJson({ type: "typing", postId: "p1" });
    expect(await a.next("typing")).toMatchObject({ userId: bob.user.id, postId: "p1" });
    expect(await publishToCommunity(env, community.id, { type: "post.deleted", postId: "p1" })).toBe(2);
    await b.next("post.deleted");
    await b.close();
    expect(await a.next("presence.changed", (p) => p.count === 1)).toEqual({
      type: "presence.changed",
      joined: [],
      left: [bob.user.id],
      count: 1,
    });
    // A newcomer after the room woke up is news to Alice, and gets the whole list itself.
    const since = a.frames.length;
    const b2 = await connect(path, { cookie: bob.cookie });
    expect(await a.next("presence.changed", undefined, since)).toEqual({
      type: "presence.changed",
      joined: [bob.user.id],
      left: [],
      count: 2,
    });
    expect(new Set((await b2.next("presence")).online)).toEqual(new Set([alice.user.id, bob.user.id]));
  });

  it("answers invalid frames with an error frame to the sender only, and keeps the connection", async () => {
    const { alice, bob, path } = await communityWithMembers();
    const a = await connect(path, { cookie: alice.cookie });
    const b = await connect(path, { cookie: bob.cookie });
    await a.next("welcome");
    await b.next("presence", (p) => p.count === 2);
    await a.next("presence.changed");
    const bSince = b.frames.length;
    for (const bad of ["not json", '{"type":"post.created","postId":"x"}', '{"type":"typing","active":"no"}', "x".repeat(5000)]) {
      const since = a.frames.length;
      a.sendJson(bad);
      await a.next("error", undefined, since);
    }
    const beforeBinary = a.frames.length;
    a.ws.send(new Uint8Array([1, 2, 3]));
    await a.next("error", (e) => e.message.includes("JSON text"), beforeBinary);
    // Typing without a post is refused too.
    a.sendJson({ type: "typing" });
    await a.next("error", (e) => e.message.includes("postId"));
    a.sendJson({ type: "ping", id: "still-alive" });
    await a.next("pong", (p) => p.id === "still-alive");
    // Nothing of it reached the other member.
    await b.expectNone("error", bSince);
    expect(b.frames.slice(bSince)).toEqual([]);
  });

  it("counts distinct users across connections and broadcasts presence on join and leave", async () => {
    const { alice, bob, community, path } = await communityWithMembers();
    const a1 = await connect(path, { cookie: alice.cookie });
    expect(await a1.next("presence")).toEqual({ type: "presence", online: [alice.user.id], count: 1 });

    // Alice's second tab: still one user; the tab is told, nobody's list changes.
    const a2 = await connect(path, { cookie: alice.cookie });
    expect((await a2.next("presence")).count).toBe(1);
    await a1.expectNone("presence.changed", 0);
    // Bob arrives: he gets the whole list, Alice's tabs only hear that he came.
    const b1 = await connect(path, { cookie: bob.cookie });
    expect(new Set((await b1.next("presence")).online)).toEqual(new Set([alice.user.id, bob.user.id]));
    const joined = { type: "presence.changed", joined: [bob.user.id], left: [], count: 2 };
    expect(await a1.next("presence.changed")).toEqual(joined);
    expect(await a2.next("presence.changed")).toEqual(joined);
    expect(a1.frames.filter((f) => f.type === "presence")).toHaveLength(1);
    expect(await getCommunityPresence(env, community.id)).toMatchObject({ count: 2 });

    // One of Alice's two tabs closes: she is still online.
    const since = b1.frames.length;
    await a2.close();
    await b1.expectNone("presence.changed", since);
    expect((await getCommunityPresence(env, community.id)).count).toBe(2);

    await b1.close();
    expect(await a1.next("presence.changed", (p) => p.left.length > 0)).toEqual({
      ...joined,
      joined: [],
      left: [bob.user.id],
      count: 1,
    });
    expect(await getCommunityPresence(env, community.id)).toEqual({ online: [alice.user.id], count: 1 });
  });

  it("feeds the members list: online flags and the online-now filter follow who is connected", async () => {
    const { alice, bob, community, path } = await communityWithMembers();
    const members = async (query = "") => {
      const res = await call(`/api/communities/${community.id}/members${query}`, { cookie: alice.cookie });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { items: { id: string; online: boolean }[] };
      return body.items.map((m) => [m.id, m.online] as const);
    };
    expect(await members("?online=true")).toEqual([]);

    const b1 = await connect(path, { cookie: bob.cookie });
    await b1.next("presence");
    expect(await members("?online=true")).toEqual([[bob.user.id, true]]);
    expect(new Map(await members())).toEqual(
      new Map([
        [alice.user.id, false],
        [bob.user.id, true],
      ]),
    );

    // Alice's page learns it live: her socket is told when Bob leaves.
    const a1 = await connect(path, { cookie: alice.cookie });
    await a1.next("presence", (p) => p.count === 2);
    await b1.close();
    expect(await a1.next("presence.changed", (p) => p.count === 1)).toMatchObject({ left: [bob.user.id] });
    expect(await members("?online=true")).toEqual([[alice.user.id, true]]);
  });

  it("fans a worker publish out to the members' sockets only", async () => {
    const { alice, bob, community, path } = await communityWithMembers();
    const outsider = await createUser();
    const other = await createCommunity(outsider.user.id);
    const a = await connect(path, { cookie: alice.cookie });
    const b = await connect(path, { cookie: bob.cookie });
    const o = await connect(`/parties/community-room/${other.id}`, { cookie: outsider.cookie });
    await Promise.all([a.next("welcome"), b.next("welcome"), o.next("welcome")]);
    // A non-member never gets a socket in this room at all.
    await expectRefused(await upgrade(path, { cookie: outsider.cookie }), 404, "NOT_FOUND");

    const event: CommunityEvent = { type: "post.counters", postId: "post-1", likesCount: 3, commentsCount: 2 };
    expect(await publishToCommunity(env, community.id, event)).toBe(2);
    expect(await a.next("post.counters")).toEqual(event);
    expect(await b.next("post.counters")).toEqual(event);
    await o.expectNone("post.counters", 0);

    const created: CommunityEvent = { type: "post.created", postId: "post-2" };
    await publishToCommunity(env, community.id, created);
    expect(await b.next("post.created")).toEqual(created);
  });

  it("relays comment typing to the other members with the sender's real id", async () => {
    const { alice, bob, path } = await communityWithMembers();
    const a = await connect(path, { cookie: alice.cookie });
    const b = await connect(path, { cookie: bob.cookie });
    await a.next("presence.changed", (p) => p.count === 2);
    await b.next("welcome");
    a.sendJson({ type: "typing", postId: "post-9", userId: bob.user.id });
    expect(await b.next("typing")).toEqual({ type: "typing", userId: alice.user.id, postId: "post-9", active: true });
    await a.expectNone("typing", 0);
  });

  it("publishing into an empty room or with a malformed event never throws", async () => {
    const { community } = await communityWithMembers();
    expect(await publishToCommunity(env, community.id, { type: "post.deleted", postId: "p" })).toBe(0);
    const bogus = { type: "notification.unread", count: 1 } as unknown as CommunityEvent;
    expect(await publishToCommunity(env, community.id, bogus)).toBe(0);
  });

  it("refuses a malformed event with members online: nothing is sent, 0 deliveries, and the room logs what it refused", async () => {
    const { alice, community, path } = await communityWithMembers();
    const a = await connect(path, { cookie: alice.cookie });
    await a.next("presence");
    const since = a.raw.length;
    const bogus = {
      type: "poll.counts",
      postId: 1,
      voters: "many",
      options: [
        { id: 1, votes: "x" },
        { id: 2, votes: "y" },
      ],
    } as unknown as CommunityEvent;
    const errors = vi.spyOn(console, "error");
    expect(await publishToCommunity(env, community.id, bogus)).toBe(0);
    const lines = errors.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
    errors.mockRestore();
    // A bad event is the caller's bug: the log names the room and the event, with its first issues only.
    expect(lines).toEqual([
      expect.objectContaining({
        level: "error",
        message: "refused to publish an invalid event",
        room: community.id,
        type: "poll.counts",
      }),
    ]);
    expect(lines[0]!.issues).toHaveLength(3);
    await publishToCommunity(env, community.id, { type: "post.deleted", postId: "marker" });
    await a.next("post.deleted", (f) => f.postId === "marker", since);
    expect(a.raw.slice(since).map((raw) => (JSON.parse(raw) as { type: string }).type)).toEqual(["post.deleted"]);
  });

  it("closes a removed member's sockets and updates presence", async () => {
    const { alice, bob, community, path } = await communityWithMembers();
    const a = await connect(path, { cookie: alice.cookie });
    const b = await connect(path, { cookie: bob.cookie });
    await a.next("presence.changed", (p) => p.count === 2);
    expect(await disconnectFromCommunity(env, community.id, bob.user.id)).toBe(1);
    expect((await b.closed).code).toBe(4003);
    expect(await a.next("presence.changed", (p) => p.left.length > 0)).toEqual({
      type: "presence.changed",
      joined: [],
      left: [bob.user.id],
      count: 1,
    });
    // Told once, though the runtime may report the close as well.
    await a.expectNone(
      "presence.changed",
      a.frames.findIndex((f) => f.type === "presence.changed" && f.left.length > 0) + 1,
      300,
    );
  });
});
