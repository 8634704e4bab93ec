import { afterEach, describe, expect, it } from "vitest";
import { stopClock } from "../tests/clock";
import { addMember, createCommunity, createUser } from "../tests/factories";
import { MAX_SOCKETS_PER_PERSON } from "./room-base";
import { closeAll, connect, type TestSocket } from "./test-socket";

afterEach(closeAll);

describe("sockets per person in a room", () => {
  it("closes the oldest past the cap (4008), keeps the newest, and leaves other people alone", async () => {
    const [owner, other] = await Promise.all([createUser(), createUser()]);
    const community = await createCommunity(owner.user.id);
    const path = `/parties/community-room/${community.id}`;
    await addMember(community.id, other.user.id);
    const theirs = await connect(path, { cookie: other.cookie });
    await theirs.next("welcome");
    const sockets = [];
    for (let i = 0; i < MAX_SOCKETS_PER_PERSON; i++) {
      const socket = await connect(path, { cookie: owner.cookie });
      await socket.next("welcome");
      sockets.push(socket);
    }
    const newest = await connect(path, { cookie: owner.cookie });
    await newest.next("welcome");
    // A frame the client acts on at once, then the close itself, both saying why.
    expect(await sockets[0]!.next("closing")).toEqual({ type: "closing", code: 4008, reason: "Too many connections" });
    expect(await sockets[0]!.closed).toEqual({ code: 4008, reason: "Too many connections" });
    // The rest still answer.
    for (const socket of [...sockets.slice(1), newest, theirs]) {
      socket.ws.send(JSON.stringify({ type: "ping", id: "still" }));
      await socket.next("pong");
    }
  });

  it("closes the socket that came first by the room's clock, whatever order the runtime lists them in", async () => {
    // The runtime lists a person's sockets in the order they came; moving the stopped clock back makes
    // "first listed" and "came first" differ, so only the room's own ordering picks the right one.
    const clock = stopClock();
    const start = Date.now();
    const owner = await createUser();
    const community = await createCommunity(owner.user.id);
    const path = `/parties/community-room/${community.id}`;
    const open = async (at: number) => {
      clock.set(at);
      const socket = await connect(path, { cookie: owner.cookie });
      await socket.next("welcome");
      return socket;
    };
    const listedFirst = await open(start + 60_000);
    const rest: TestSocket[] = [];
    for (let i = 1; i < MAX_SOCKETS_PER_PERSON; i++) rest.push(await open(start + i));
    await open(start + 60_001);
    expect(await rest[0]!.closed).toEqual({ code: 4008, reason: "Too many connections" });
    listedFirst.sendJson({ type: "ping", id: "still" });
    await listedFirst.next("pong", (p) => p.id === "still");
    expect(listedFirst.frames.some((f) => f.type === "closing")).toBe(false);
  });
});
