import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { PRESENCE_DIFF_LIMIT, type ServerMessageOf } from "../common/realtime-protocol";
import { PRESENCE_LARGE_ROOM } from "./presence-room";
import { USER_ID_HEADER } from "./room-base";
import { accept, closeAll, type TestSocket } from "./test-socket";

afterEach(closeAll);

// The rooms run with PRESENCE_FLUSH_MS = "manual" (vitest.config.ts): joins and leaves gather until the
// test calls `flushPresence`, so "inside one window" never depends on the machine's speed. The sockets
// go straight to the room with the identity header the worker would set (the worker's own checks are
// covered in realtime-auth.test.ts), so a room of sixty people needs no sixty sign-ups.
const roomName = () => `presence-${crypto.randomUUID()}`;
const room = (name: string) => env.CommunityRoom.getByName(name);

async function join(name: string, userId: string): Promise<TestSocket> {
  const res = await room(name).fetch(`https://agora.test/parties/community-room/${name}`, {
    headers: { Upgrade: "websocket", "x-partykit-room": name, [USER_ID_HEADER]: userId },
  });
  if (!res.webSocket) throw new Error(`room refused ${userId}: ${res.status}`);
  const socket = accept(`community-room/${name}`, res.webSocket);
  await socket.next("presence");
  return socket;
}

const diffs = (socket: TestSocket, since = 0) =>
  socket.frames.slice(since).filter((f): f is ServerMessageOf<"presence.changed"> => f.type === "presence.changed");
const sorted = (ids: readonly string[]) => [...ids].sort();

describe("presence in a room of more than two", () => {
  it("tells everyone who came in one frame per socket per flush, and a newcomer the whole list at once", async () => {
    const name = roomName();
    const a = await join(name, "ana");
    const b = await join(name, "beka");
    // Two people: told at once (a 1:1 chat's header must not lag).
    expect(diffs(a)).toEqual([{ type: "presence.changed", joined: ["beka"], left: [], count: 2 }]);

    const c = await join(name, "cira");
    const d = await join(name, "dato");
    const e = await join(name, "eka");
    // Nothing yet: the joins are gathering.
    expect(diffs(a)).toHaveLength(1);
    expect(diffs(c)).toEqual([]);
    // Each newcomer's first list is right at once.
    expect(sorted(e.frames.find((f) => f.type === "presence")!.online as string[])).toEqual([
      "ana",
      "beka",
      "cira",
      "dato",
      "eka",
    ]);
    expect(e.frames.find((f) => f.type === "presence")).toMatchObject({ count: 5 });

    expect(await room(name).flushPresence()).toBe(5);
    for (const socket of [a, b, c, d, e]) {
      const frame = await socket.next("presence.changed", (p) => p.count === 5);
      expect(sorted(frame.joined)).toEqual(["cira", "dato", "eka"]);
      expect(frame.left).toEqual([]);
    }
    expect(diffs(a)).toHaveLength(2);
    expect(diffs(c)).toHaveLength(1);
    // Nothing new: a flush sends nothing.
    expect(await room(name).flushPresence()).toBe(0);
  });

  it("gathers leaves the same way, and a second tab coming or going changes nobody's list", async () => {
    const name = roomName();
    const a = await join(name, "ana");
    const others = [await join(name, "beka"), await join(name, "cira"), await join(name, "dato")];
    await room(name).flushPresence();
    await a.next("presence.changed", (p) => p.count === 4);
    const since = a.frames.length;
    const datoSince = others[2]!.frames.length;

    const secondTab = await join(name, "ana");
    expect(await room(name).flushPresence()).toBe(0);
    await secondTab.close();
    expect(await room(name).flushPresence()).toBe(0);

    await others[0]!.close();
    await others[1]!.close();
    expect(diffs(a, since)).toEqual([]);
    expect(await room(name).flushPresence()).toBe(2);
    expect(await a.next("presence.changed", undefined, since)).toMatchObject({ joined: [], count: 2 });
    expect(sorted(diffs(a, since)[0]!.left)).toEqual(["beka", "cira"]);
    expect(diffs(a, since)).toHaveLength(1);
    await others[2]!.next("presence.changed", undefined, datoSince);
    expect(diffs(others[2]!, datoSince)).toHaveLength(1);
    expect(await room(name).getPresence()).toMatchObject({ count: 2 });
  });

  it("still lets go of a socket that died without a close", async () => {
    const name = roomName();
    const a = await join(name, "ana");
    await join(name, "beka");
    await join(name, "cira");
    await room(name).flushPresence();
    await a.next("presence.changed", (p) => p.count === 3);
    const since = a.frames.length;
    // The server's side of Cira's socket goes away with no close event handled by the room.
    await runInDurableObject(room(name), (_room, state) => {
      for (const ws of state.getWebSockets("user:cira")) ws.close(1011, "gone");
    });
    await room(name).flushPresence();
    expect(await a.next("presence.changed", undefined, since)).toEqual({
      type: "presence.changed",
      joined: [],
      left: ["cira"],
      count: 2,
    });
  });

  it(`above ${PRESENCE_LARGE_ROOM} people sends the count and at most ${PRESENCE_DIFF_LIMIT} names`, async () => {
    const name = roomName();
    const people = Array.from({ length: PRESENCE_LARGE_ROOM + 10 }, (_, i) => `p${String(i).padStart(2, "0")}`);
    const first = await join(name, people[0]!);
    const rest: TestSocket[] = [];
    for (const id of people.slice(1)) rest.push(await join(name, id));
    expect(await room(name).flushPresence()).toBe(people.length);
    const frame = await first.next("presence.changed", (p) => p.count === people.length);
    expect(frame.partial).toBe(true);
    expect(frame.joined.length).toBeLessThanOrEqual(PRESENCE_DIFF_LIMIT);
    expect(frame.left).toEqual([]);
    // Every socket got exactly one frame for the whole burst.
    for (const socket of rest) expect(diffs(socket).length).toBeLessThanOrEqual(1);
    // The first heard the second at once (two people), then one frame for everyone else.
    expect(diffs(first)).toHaveLength(2);
    // The newcomer's list is whole (up to PRESENCE_LIST_LIMIT).
    const last = rest.at(-1)!.frames.find((f) => f.type === "presence")!;
    expect(last).toMatchObject({ count: people.length });
    expect((last as ServerMessageOf<"presence">).online).toHaveLength(people.length);
  });
});
