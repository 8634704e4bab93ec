import { afterEach, describe, expect, it } from "vitest";
import { addMember, createCommunity, createUser } from "../tests/factories";
import { MAX_SOCKETS_PER_PERSON } from "./room-base";
import { closeAll, connect } from "./test-socket";

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
    expect((await sockets[0]!.closed).code).toBe(4008);
    // The rest still answer.
    for (const socket of [...sockets.slice(1), newest, theirs]) {
      socket.ws.send(JSON.stringify({ type: "ping", id: "still" }));
      await socket.next("pong");
    }
  });
});
