import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { newId } from "../../common/ids";
import type { ServerMessage, ServerMessageOf, ServerMessageType } from "../../common/realtime-protocol";
import { closeAll, connect, type TestSocket } from "../../party/test-socket";
import { seedCommunity, seedMember, seedUser } from "../../tests/db-fixtures";
import { createConversation, sessionCookie } from "../../tests/factories";
import { openTestDb } from "../../tests/test-db";
import type { Db } from "./db";
import {
  disconnectConversation,
  disconnectFromCommunity,
  disconnectFromConversation,
  disconnectSessions,
  disconnectUserRoom,
  getCommunityPresence,
  getConversationPresence,
  isUserOnline,
  publishToCommunity,
  publishToConversation,
  publishToUser,
  revokeCommunityAccess,
  ROOM_WAVE,
  roomCalls,
  sendRoomCalls,
  setHiddenInConversation,
  type Frame,
} from "./rooms";

/**
 * What the API asks of the realtime rooms (worker/lib/rooms.ts), called as the API calls it, against the
 * real rooms in workerd, and observed on real sockets opened through the worker's upgrade. A room that
 * cannot be reached is staged with a real refusal: an argument the Durable Object RPC cannot carry (a
 * Symbol), which the real stub rejects before the room runs.
 */

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await closeAll();
});

/** A session of `userId` with a known id, and the cookie a browser would send for it. */
async function session(userId: string): Promise<{ sessionId: string; cookie: string }> {
  const sessionId = newId();
  const token = newId();
  const now = Date.now();
  await env.DB.prepare("insert into sessions (id, user_id, token, expires_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?)")
    .bind(sessionId, userId, token, now + 3_600_000, now, now)
    .run();
  return { sessionId, cookie: await sessionCookie(token) };
}

type Person = { id: string; sessionId: string; cookie: string };

async function person(): Promise<Person> {
  const user = await seedUser(db);
  return { id: user.id, ...(await session(user.id)) };
}

/** An owner and `members` more in one community, with a group chat of all of them. */
async function world(members: number) {
  const owner = await person();
  const others = await Promise.all(Array.from({ length: members }, person));
  const community = await seedCommunity(db, owner.id);
  for (const m of others) await seedMember(db, community.id, m.id);
  const chat = await createConversation("group", [owner.id, ...others.map((m) => m.id)], { communityId: community.id });
  return { owner, members: others, communityId: community.id, chatId: chat.id };
}

const communityPath = (id: string) => `/parties/community-room/${id}`;
const chatPath = (id: string) => `/parties/conversation-room/${id}`;
const userPath = (id: string) => `/parties/user-room/${id}`;

/** Sockets opened through the worker with `cookie`, each welcomed by its room. */
async function open(cookie: string, ...paths: string[]): Promise<TestSocket[]> {
  const sockets = await Promise.all(paths.map((path) => connect(path, { cookie })));
  await Promise.all(sockets.map((s) => s.next("welcome")));
  return sockets;
}
async function openOne(cookie: string, path: string): Promise<TestSocket> {
  return (await open(cookie, path))[0]!;
}

/** The close code of each socket, or "open" if it stays open for `ms` (generous: a close is asynchronous). */
const closeCodes = (sockets: TestSocket[], ms = 5000) =>
  Promise.all(
    sockets.map((s) => Promise.race([s.closed.then((c) => c.code), new Promise<string>((r) => setTimeout(() => r("open"), ms))])),
  );

const types = (s: TestSocket, from = 0) => s.frames.slice(from).map((f) => f.type);
/** A frame a socket must get, marking a point in its stream of frames: its type, and which of those. */
type Marker<M extends ServerMessageType> = [type: M, where: (m: ServerMessageOf<M>) => boolean];

/** The frames of `type` a socket got before the marker's frame (waiting for it). */
async function before<M extends ServerMessageType>(s: TestSocket, type: ServerMessageType, [markerType, where]: Marker<M>) {
  const end = s.frames.indexOf(await s.next(markerType, where, 0, 5000));
  return s.frames.slice(0, end).filter((f) => f.type === type);
}

/** Publishes a community event every member's socket gets, and answers it as a marker. */
async function mark(communityId: string, tag: string): Promise<Marker<"post.deleted">> {
  await publishToCommunity(env, communityId, { type: "post.deleted", postId: tag });
  return ["post.deleted", (f) => f.postId === tag];
}
/** The same in a user's own room. */
async function userMark(userId: string, count: number): Promise<Marker<"notification.unread">> {
  await publishToUser(env, userId, { type: "notification.unread", count });
  return ["notification.unread", (f) => f.count === count];
}

/** The error lines rooms.ts logs while `run` runs (one JSON object each). */
async function errorsLogged(run: () => Promise<unknown>): Promise<{ value: unknown; lines: Record<string, unknown>[] }> {
  const spy = vi.spyOn(console, "error");
  const value = await run();
  const lines = spy.mock.calls
    .map(([line]) => {
      try {
        return JSON.parse(String(line)) as Record<string, unknown>;
      } catch {
        return null;
      }
    })
    .filter((l): l is Record<string, unknown> => l !== null && typeof l.message === "string" && l.message.endsWith(" failed"));
  spy.mockRestore();
  // Calls made at once may fail in any order: sorted by room.
  return { value, lines: lines.sort((a, b) => String(a.room).localeCompare(String(b.room))) };
}

/** An argument the Durable Object RPC cannot carry: the real stub refuses the call. */
const uncloneable = Symbol("not cloneable");
const CLONE_ERROR = "Symbol(not cloneable) could not be cloned.";

describe("publishing", () => {
  it("sends one event or several, in order, to every member online in the community and answers how many frames went out", async () => {
    const { owner, members, communityId } = await world(1);
    const sockets = [
      await openOne(owner.cookie, communityPath(communityId)),
      await openOne(members[0]!.cookie, communityPath(communityId)),
    ];
    const from = sockets.map((s) => s.frames.length);

    expect(await publishToCommunity(env, communityId, { type: "post.created", postId: "p1" })).toBe(2);
    expect(await publishToCommunity(env, communityId, [{ type: "post.deleted", postId: "p2" }, { type: "points.changed" }])).toBe(
      4,
    );
    for (const [i, s] of sockets.entries()) {
      await s.next("points.changed", undefined, from[i]);
      expect(s.frames.slice(from[i]).filter((f) => ["post.created", "post.deleted", "points.changed"].includes(f.type))).toEqual([
        { type: "post.created", postId: "p1" },
        { type: "post.deleted", postId: "p2" },
        { type: "points.changed" },
      ]);
    }
    // Nobody is online in another community: nothing goes out.
    expect(await publishToCommunity(env, newId(), { type: "points.changed" })).toBe(0);
  });

  it("sends to every open tab of one user only, one event or several", async () => {
    const [ana, ben] = await Promise.all([person(), person()]);
    const tabs = await open(ana.cookie, userPath(ana.id), userPath(ana.id));
    const bens = await openOne(ben.cookie, userPath(ben.id));

    expect(await publishToUser(env, ana.id, { type: "notification.unread", count: 3 })).toBe(2);
    expect(
      await publishToUser(env, ana.id, [
        { type: "message.unread", count: 1 },
        { type: "notification.unread", count: 4 },
      ]),
    ).toBe(4);
    for (const tab of tabs) {
      await tab.next("notification.unread", (f) => f.count === 4);
      expect(tab.frames.filter((f) => f.type.endsWith(".unread"))).toEqual([
        { type: "notification.unread", count: 3 },
        { type: "message.unread", count: 1 },
        { type: "notification.unread", count: 4 },
      ]);
    }
    expect(await before(bens, "notification.unread", await userMark(ben.id, 99))).toEqual([]);
  });

  it("sends to a conversation's participants online but those it is hidden from", async () => {
    const { owner, members, chatId } = await world(2);
    const [a, b, c] = [
      await openOne(owner.cookie, chatPath(chatId)),
      ...(await Promise.all(members.map((m) => openOne(m.cookie, chatPath(chatId))))),
    ] as TestSocket[];
    const receipt = (seq: number) =>
      ({ type: "read.receipt", conversationId: chatId, userId: owner.id, seq, readAt: 1 }) as const;

    expect(await publishToConversation(env, chatId, receipt(1))).toBe(3);
    expect(await publishToConversation(env, chatId, [receipt(2), receipt(3)], [members[0]!.id])).toBe(4);
    expect(await publishToConversation(env, chatId, receipt(4), [])).toBe(3);
    for (const s of [a!, c!]) {
      await s.next("read.receipt", (f) => f.seq === 4);
      expect(s.frames.filter((f) => f.type === "read.receipt").map((f) => (f as { seq: number }).seq)).toEqual([1, 2, 3, 4]);
    }
    await b!.next("read.receipt", (f) => f.seq === 4);
    expect(b!.frames.filter((f) => f.type === "read.receipt").map((f) => (f as { seq: number }).seq)).toEqual([1, 4]);
  });

  it("answers 0 and logs the room when the room refuses the call, instead of failing the caller", async () => {
    const communityId = newId();
    const chatId = newId();
    const userId = newId();
    const bad = { type: "points.changed", tag: uncloneable } as never;
    const { value, lines } = await errorsLogged(() =>
      Promise.all([
        publishToCommunity(env, communityId, [{ type: "post.deleted", postId: "p" }, bad]),
        publishToConversation(env, chatId, bad),
        publishToUser(env, userId, [bad, { type: "notification.unread", count: 1 }]),
      ]),
    );
    expect(value).toEqual([0, 0, 0]);
    expect(lines).toEqual([
      {
        level: "error",
        message: "publish post.deleted, points.changed failed",
        room: `community-room/${communityId}`,
        error: CLONE_ERROR,
      },
      { level: "error", message: "publish points.changed failed", room: `conversation-room/${chatId}`, error: CLONE_ERROR },
      {
        level: "error",
        message: "publish points.changed, notification.unread failed",
        room: `user-room/${userId}`,
        error: CLONE_ERROR,
      },
    ]);
  });
});

describe("sendRoomCalls", () => {
  it("makes one call per room, to the right kind of room, with each conversation frame's audience, and sums what went out", async () => {
    const { owner, members, communityId, chatId } = await world(1);
    const member = members[0]!;
    const [ownerCommunity, ownerChat, ownerUser] = await open(
      owner.cookie,
      communityPath(communityId),
      chatPath(chatId),
      userPath(owner.id),
    );
    const [memberCommunity, memberChat] = await open(member.cookie, communityPath(communityId), chatPath(chatId));
    const receipt = { type: "read.receipt", conversationId: chatId, userId: owner.id, seq: 7, readAt: 1 } as const;
    const frames: Frame[] = [
      { room: "community", id: communityId, event: { type: "post.created", postId: "p1" } },
      { room: "conversation", id: chatId, event: receipt, hiddenFrom: [member.id] },
      { room: "user", id: owner.id, event: { type: "notification.unread", count: 5 } },
      { room: "community", id: communityId, event: { type: "points.changed" } },
      { room: "community", id: communityId, event: { type: "points.changed" } },
    ];
    // Community: 2 events × 2 sockets; conversation: the owner's only; user: the owner's one tab.
    expect(await sendRoomCalls(env, roomCalls(frames))).toBe(6);
    for (const s of [ownerCommunity!, memberCommunity!]) {
      await s.next("points.changed");
      expect(types(s).filter((t) => t === "post.created" || t === "points.changed")).toEqual(["post.created", "points.changed"]);
    }
    expect(await ownerChat!.next("read.receipt")).toEqual(receipt);
    expect((await ownerUser!.next("notification.unread")).count).toBe(5);
    // The member, hidden from the receipt, gets only the one that follows it (hidden from nobody).
    expect(await publishToConversation(env, chatId, { ...receipt, seq: 8 })).toBe(2);
    expect(await before(memberChat!, "read.receipt", ["read.receipt", (f) => f.seq === 8])).toEqual([]);
    expect(await sendRoomCalls(env, [])).toBe(0);
  });

  it(`reaches every room when there are more than ROOM_WAVE (${ROOM_WAVE}) of them, wave after wave`, async () => {
    const [first, last] = await Promise.all([person(), person()]);
    const a = await openOne(first.cookie, userPath(first.id));
    const z = await openOne(last.cookie, userPath(last.id));
    const nobody = Array.from({ length: ROOM_WAVE - 1 }, () => newId());
    const frames: Frame[] = [first.id, ...nobody, last.id, newId()].map((id) => ({
      room: "user",
      id,
      event: { type: "message.unread", count: 2 },
    }));
    expect(frames.length).toBe(ROOM_WAVE + 2);
    expect(await sendRoomCalls(env, roomCalls(frames))).toBe(2);
    await a.next("message.unread");
    await z.next("message.unread");
    expect([a, z].map((s) => s.frames.filter((f) => f.type === "message.unread").length)).toEqual([1, 1]);
  });

  it("counts a call its room refuses as 0 and still sums the others", async () => {
    const ana = await person();
    const tab = await openOne(ana.cookie, userPath(ana.id));
    const calls = roomCalls([
      { room: "user", id: newId(), event: { type: "points.changed", tag: uncloneable } as never },
      { room: "user", id: ana.id, event: { type: "message.unread", count: 1 } },
    ]);
    expect((await errorsLogged(() => sendRoomCalls(env, calls))).value).toBe(1);
    await tab.next("message.unread");
  });
});

describe("conversation rooms", () => {
  it("stops and restarts relaying typing between two participants of a group (a block started, then ended)", async () => {
    const { owner, members, chatId } = await world(2);
    const [bob, carol] = members as [Person, Person];
    const a = await openOne(owner.cookie, chatPath(chatId));
    const b = await openOne(bob.cookie, chatPath(chatId));
    const c = await openOne(carol.cookie, chatPath(chatId));
    const typing = (active: boolean) => (f: ServerMessage) => f.type === "typing" && f.userId === owner.id && f.active === active;

    expect(await setHiddenInConversation(env, chatId, owner.id, bob.id, true)).toBeUndefined();
    a.sendJson({ type: "typing", active: true });
    await c.next("typing", typing(true));
    // The room handled the typing before this publish: bob's frames up to it hold no typing from the owner.
    const receipt = { type: "read.receipt", conversationId: chatId, userId: carol.id, seq: 1, readAt: 1 } as const;
    await publishToConversation(env, chatId, receipt);
    expect(await before(b, "typing", ["read.receipt", () => true])).toEqual([]);
    // Bob's typing does not reach the owner either (the block stands both ways).
    b.sendJson({ type: "typing", active: true });
    await c.next("typing", (f) => f.type === "typing" && f.userId === bob.id);
    await publishToConversation(env, chatId, { ...receipt, seq: 2 });
    expect(await before(a, "typing", ["read.receipt", (f) => f.seq === 2])).toEqual([]);

    await setHiddenInConversation(env, chatId, owner.id, bob.id, false);
    a.sendJson({ type: "typing", active: false });
    await b.next("typing", typing(false));
    await c.next("typing", typing(false));
  });

  it("logs a block its room refused, and resolves all the same", async () => {
    const chatId = newId();
    const { value, lines } = await errorsLogged(() => setHiddenInConversation(env, chatId, uncloneable as never, "b", true));
    expect(value).toBeUndefined();
    expect(lines).toEqual([{ level: "error", message: "hide failed", room: `conversation-room/${chatId}`, error: CLONE_ERROR }]);
  });

  it("answers who has the conversation open, each person once however many tabs", async () => {
    const { owner, members, chatId } = await world(2);
    expect(await getConversationPresence(env, chatId)).toEqual([]);
    await open(owner.cookie, chatPath(chatId), chatPath(chatId));
    await openOne(members[0]!.cookie, chatPath(chatId));
    expect((await getConversationPresence(env, chatId)).sort()).toEqual([owner.id, members[0]!.id].sort());
  });

  it("closes one participant's sockets (4003) and answers how many; the others stay", async () => {
    const { owner, members, chatId } = await world(1);
    const leaving = await open(members[0]!.cookie, chatPath(chatId), chatPath(chatId));
    const staying = await openOne(owner.cookie, chatPath(chatId));
    expect(await disconnectFromConversation(env, chatId, members[0]!.id)).toBe(2);
    expect(await closeCodes(leaving)).toEqual([4003, 4003]);
    expect(leaving.map((s) => s.frames.find((f) => f.type === "closing"))).toEqual(
      Array(2).fill({ type: "closing", code: 4003, reason: "Access revoked" }),
    );
    expect(
      await publishToConversation(env, chatId, {
        type: "read.receipt",
        conversationId: chatId,
        userId: owner.id,
        seq: 1,
        readAt: 1,
      }),
    ).toBe(1);
    await staying.next("read.receipt");
    expect(await disconnectFromConversation(env, chatId, newId())).toBe(0);
  });

  it("closes every socket of a removed group chat and answers how many", async () => {
    const { owner, members, chatId } = await world(1);
    const sockets = [
      ...(await open(owner.cookie, chatPath(chatId), chatPath(chatId))),
      await openOne(members[0]!.cookie, chatPath(chatId)),
    ];
    expect(await disconnectConversation(env, chatId)).toBe(3);
    expect(await closeCodes(sockets)).toEqual([4003, 4003, 4003]);
    expect(sockets.map((s) => s.frames.find((f) => f.type === "closing"))).toEqual(
      Array(3).fill({ type: "closing", code: 4003, reason: "Removed" }),
    );
    expect(await getConversationPresence(env, chatId)).toEqual([]);
    expect(await disconnectConversation(env, chatId)).toBe(0);
  });
});

describe("community rooms", () => {
  it("answers who is online in the community, all of them, each once", async () => {
    const { owner, members, communityId } = await world(2);
    expect(await getCommunityPresence(env, communityId)).toEqual({ online: [], count: 0 });
    await open(owner.cookie, communityPath(communityId), communityPath(communityId));
    await openOne(members[1]!.cookie, communityPath(communityId));
    const presence = await getCommunityPresence(env, communityId);
    expect({ ...presence, online: [...presence.online].sort() }).toEqual({ online: [owner.id, members[1]!.id].sort(), count: 2 });
  });

  it("closes one member's sockets in the community's room (4003) and answers how many; the rest stay", async () => {
    const { owner, members, communityId } = await world(1);
    const member = members[0]!;
    const leaving = await open(member.cookie, communityPath(communityId), communityPath(communityId));
    const [memberUserRoom] = await open(member.cookie, userPath(member.id));
    const staying = await openOne(owner.cookie, communityPath(communityId));
    expect(await disconnectFromCommunity(env, communityId, member.id)).toBe(2);
    expect(await closeCodes(leaving)).toEqual([4003, 4003]);
    const marker = await mark(communityId, "after");
    expect(await before(staying, "closing", marker)).toEqual([]);
    expect(await before(memberUserRoom!, "closing", await userMark(member.id, 1))).toEqual([]);
    expect(await disconnectFromCommunity(env, communityId, member.id)).toBe(0);
  });
});

describe("a room that refuses a disconnect", () => {
  it("answers 0 closed and logs the room, for a community's room and a conversation's", async () => {
    const [communityId, chatId] = [newId(), newId()];
    const { value, lines } = await errorsLogged(() =>
      Promise.all([
        disconnectFromCommunity(env, communityId, uncloneable as never),
        disconnectFromConversation(env, chatId, uncloneable as never),
      ]),
    );
    expect(value).toEqual([0, 0]);
    expect(lines).toEqual([
      { level: "error", message: "disconnect failed", room: `community-room/${communityId}`, error: CLONE_ERROR },
      { level: "error", message: "disconnect failed", room: `conversation-room/${chatId}`, error: CLONE_ERROR },
    ]);
  });
});

describe("a user's own room", () => {
  it("tells whether the user has the app open anywhere", async () => {
    const [ana, ben] = await Promise.all([person(), person()]);
    expect(await isUserOnline(env, ana.id)).toBe(false);
    await open(ana.cookie, userPath(ana.id));
    expect(await isUserOnline(env, ana.id)).toBe(true);
    expect(await isUserOnline(env, ben.id)).toBe(false);
    await open(ana.cookie, userPath(ana.id));
    expect(await isUserOnline(env, ana.id)).toBe(true);
  });

  it("closes every tab's socket (4003) and answers how many", async () => {
    const ana = await person();
    const tabs = await open(ana.cookie, userPath(ana.id), userPath(ana.id));
    expect(await disconnectUserRoom(env, ana.id)).toBe(2);
    expect(await closeCodes(tabs)).toEqual([4003, 4003]);
    expect(await isUserOnline(env, ana.id)).toBe(false);
    expect(await disconnectUserRoom(env, ana.id)).toBe(0);
  });
});

describe("disconnectSessions", () => {
  it("closes the sockets of the sessions named, in the user's room and in each room listed, and answers how many", async () => {
    const { owner, members, communityId, chatId } = await world(1);
    const ana = members[0]!;
    const laptop = await session(ana.id);
    const phoneSockets = await open(ana.cookie, userPath(ana.id), communityPath(communityId), chatPath(chatId));
    const laptopSockets = await open(laptop.cookie, userPath(ana.id), communityPath(communityId), chatPath(chatId));
    const otherCommunity = await seedCommunity(db, owner.id);
    await seedMember(db, otherCommunity.id, ana.id);
    const [phoneElsewhere] = await open(ana.cookie, communityPath(otherCommunity.id));

    const rooms = { communityIds: [communityId, otherCommunity.id], conversationIds: [chatId] };
    expect(await disconnectSessions(env, ana.id, [], rooms)).toBe(0);
    expect(await disconnectSessions(env, ana.id, [ana.sessionId], rooms)).toBe(4);
    expect(await closeCodes([...phoneSockets, phoneElsewhere!])).toEqual([4003, 4003, 4003, 4003]);
    expect(phoneSockets[0]!.frames.find((f) => f.type === "closing")).toEqual({
      type: "closing",
      code: 4003,
      reason: "Signed out",
    });
    // The laptop's session was not named: its sockets still receive.
    const [userTab, communityTab, chatTab] = laptopSockets as [TestSocket, TestSocket, TestSocket];
    expect(await before(userTab, "closing", await userMark(ana.id, 1))).toEqual([]);
    expect(await before(communityTab, "closing", await mark(communityId, "still"))).toEqual([]);
    expect(
      await publishToConversation(env, chatId, {
        type: "read.receipt",
        conversationId: chatId,
        userId: ana.id,
        seq: 1,
        readAt: 1,
      }),
    ).toBe(1);
    expect(await before(chatTab, "closing", ["read.receipt", () => true])).toEqual([]);

    expect(
      await disconnectSessions(env, ana.id, [laptop.sessionId, laptop.sessionId], { communityIds: [], conversationIds: [] }),
    ).toBe(1);
    expect(await closeCodes([userTab])).toEqual([4003]);
  });

  it("answers 0 for the rooms that refused the call and logs each of them", async () => {
    const userId = newId();
    const [communityId, chatId] = [newId(), newId()];
    const { value, lines } = await errorsLogged(() =>
      disconnectSessions(env, userId, [uncloneable as never], { communityIds: [communityId], conversationIds: [chatId] }),
    );
    expect(value).toBe(0);
    expect(lines).toEqual([
      { level: "error", message: "disconnect sessions failed", room: `community-room/${communityId}`, error: CLONE_ERROR },
      { level: "error", message: "disconnect sessions failed", room: `conversation-room/${chatId}`, error: CLONE_ERROR },
      { level: "error", message: "disconnect sessions failed", room: `user-room/${userId}`, error: CLONE_ERROR },
    ]);
  });
});

describe("revokeCommunityAccess", () => {
  const ended = (communityId: string) => (f: ServerMessage) =>
    f.type === "community.access-ended" && f.communityId === communityId;

  it("for some people: closes their sockets in the community's room and its group chats, and tells each of them once", async () => {
    const { owner, members, communityId, chatId } = await world(3);
    const [gone, away, stays] = members as [Person, Person, Person];
    const goneSockets = await open(gone.cookie, communityPath(communityId), chatPath(chatId));
    const [goneTab] = await open(gone.cookie, userPath(gone.id));
    // Away has no socket in the community's rooms; their tab is told all the same.
    const [awayTab] = await open(away.cookie, userPath(away.id));
    const staySockets = await open(stays.cookie, communityPath(communityId), chatPath(chatId), userPath(stays.id));
    const ownerSockets = await open(owner.cookie, communityPath(communityId), chatPath(chatId));

    const told = await revokeCommunityAccess(env, {
      communityId,
      userIds: [gone.id, away.id, gone.id],
      keep: [],
      conversationIds: [chatId],
    });
    expect(told).toBe(2);
    expect(await closeCodes(goneSockets)).toEqual([4003, 4003]);
    await goneTab!.next("community.access-ended", ended(communityId));
    await awayTab!.next("community.access-ended", ended(communityId));
    // Told once each, and nobody else: the marker that follows finds no second notice.
    expect(await before(goneTab!, "community.access-ended", await userMark(gone.id, 1))).toHaveLength(1);
    expect(await before(staySockets[2]!, "community.access-ended", await userMark(stays.id, 1))).toEqual([]);
    const marker = await mark(communityId, "after");
    for (const s of [staySockets[0]!, ownerSockets[0]!]) expect(await before(s, "closing", marker)).toEqual([]);
    expect(
      await publishToConversation(env, chatId, {
        type: "read.receipt",
        conversationId: chatId,
        userId: owner.id,
        seq: 1,
        readAt: 1,
      }),
    ).toBe(2);
    for (const s of [staySockets[1]!, ownerSockets[1]!])
      expect(await before(s, "closing", ["read.receipt", () => true])).toEqual([]);
  });

  it("for everyone but `keep` (a suspension): closes the others' sockets, and tells only those whose sockets closed", async () => {
    const { owner, members, communityId, chatId } = await world(4);
    const [inCommunity, inBoth, inChat, offline] = members as [Person, Person, Person, Person];
    const secondChat = await createConversation("group", [owner.id, inChat.id], { communityId });
    const closing = [
      await openOne(inCommunity.cookie, communityPath(communityId)),
      ...(await open(inBoth.cookie, communityPath(communityId), chatPath(chatId))),
      await openOne(inChat.cookie, chatPath(secondChat.id)),
    ];
    const tabs = await Promise.all([inCommunity, inBoth, inChat, offline, owner].map((p) => openOne(p.cookie, userPath(p.id))));
    const ownerSockets = await open(owner.cookie, communityPath(communityId), chatPath(chatId), chatPath(secondChat.id));

    const told = await revokeCommunityAccess(env, {
      communityId,
      userIds: null,
      keep: [owner.id],
      conversationIds: [chatId, secondChat.id],
    });
    expect(told).toBe(3);
    expect(await closeCodes(closing)).toEqual([4003, 4003, 4003, 4003]);
    expect(closing.map((s) => s.frames.find((f) => f.type === "closing"))).toEqual(
      Array(4).fill({ type: "closing", code: 4003, reason: "Access revoked" }),
    );
    for (const tab of tabs.slice(0, 3)) await tab.next("community.access-ended", ended(communityId));
    expect(await before(tabs[3]!, "community.access-ended", await userMark(offline.id, 1))).toEqual([]);
    expect(await before(tabs[4]!, "community.access-ended", await userMark(owner.id, 1))).toEqual([]);
    expect(await before(ownerSockets[0]!, "closing", await mark(communityId, "after"))).toEqual([]);
    expect((await getConversationPresence(env, chatId)).concat(await getConversationPresence(env, secondChat.id))).toEqual([
      owner.id,
      owner.id,
    ]);
  });

  it("tells nobody and closes nothing when the rooms refuse the call, and logs each room", async () => {
    const { owner, members, communityId, chatId } = await world(1);
    const member = members[0]!;
    const sockets = await open(member.cookie, communityPath(communityId), chatPath(chatId));
    const { value, lines } = await errorsLogged(() =>
      revokeCommunityAccess(env, {
        communityId,
        userIds: null,
        keep: [owner.id, uncloneable as never],
        conversationIds: [chatId],
      }),
    );
    expect(value).toBe(0);
    expect(lines).toEqual([
      { level: "error", message: "revoke failed", room: `community-room/${communityId}`, error: CLONE_ERROR },
      { level: "error", message: "revoke failed", room: `conversation-room/${chatId}`, error: CLONE_ERROR },
    ]);
    expect(await before(sockets[0]!, "closing", await mark(communityId, "still"))).toEqual([]);
    expect(await getConversationPresence(env, chatId)).toEqual([member.id]);
  });
});
