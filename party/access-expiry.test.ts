import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { addMember, createCommunity, createConversation, createUser } from "../tests/factories";
import { makePaid } from "../tests/payments";
import { closeAll, connect, expectRefused, upgrade, type TestSocket } from "./test-socket";

afterEach(closeAll);

/** How long from now a paid member's access runs: long enough that the upgrade itself is well inside it. */
const LEFT_MS = 3000;

const setUntil = (communityId: string, userId: string, until: number) =>
  env.DB.prepare("update community_members set access_until = ? where community_id = ? and profile_id = ?")
    .bind(until, communityId, userId)
    .run();

const code = (s: TestSocket) => s.closed.then((c) => c.code);
/** The close code, or "open" if the socket is still open after `ms` (generous: alarms are asynchronous). */
const codeOrOpen = (s: TestSocket, ms: number) =>
  Promise.race([code(s), new Promise<string>((r) => setTimeout(() => r("open"), ms))]);

describe("paid access that runs out by time", () => {
  it("closes the member's community-room and group-chat sockets when it ends (4001), and the upgrade is refused after", async () => {
    const [owner, paid, free] = await Promise.all([createUser(), createUser(), createUser()]);
    const community = await createCommunity(owner.user.id);
    await makePaid(community.id);
    await addMember(community.id, paid.user.id);
    await addMember(community.id, free.user.id);
    // A member whose access has no end (one-time payment) stays; so does the owner.
    const chat = await createConversation("group", [owner.user.id, paid.user.id, free.user.id], { communityId: community.id });
    await setUntil(community.id, paid.user.id, Date.now() + LEFT_MS);
    const open = (cookie: string) =>
      Promise.all([
        connect(`/parties/community-room/${community.id}`, { cookie }),
        connect(`/parties/conversation-room/${chat.id}`, { cookie }),
      ]);
    const ending = await open(paid.cookie);
    const staying = [...(await open(free.cookie)), ...(await open(owner.cookie))];
    await Promise.all([...ending, ...staying].map((s) => s.next("welcome")));

    expect(await Promise.all(ending.map((s) => codeOrOpen(s, LEFT_MS + 15_000)))).toEqual([4001, 4001]);
    await expectRefused(await upgrade(`/parties/community-room/${community.id}`, { cookie: paid.cookie }), 404, "NOT_FOUND");
    expect(staying.map((s) => s.ws.readyState === WebSocket.READY_STATE_OPEN)).toEqual([true, true, true, true]);
  });

  it("a renewal that moved the access on lets the reconnect in again", async () => {
    const [owner, paid] = await Promise.all([createUser(), createUser()]);
    const community = await createCommunity(owner.user.id);
    await makePaid(community.id);
    await addMember(community.id, paid.user.id);
    await setUntil(community.id, paid.user.id, Date.now() + LEFT_MS);
    const socket = await connect(`/parties/community-room/${community.id}`, { cookie: paid.cookie });
    await socket.next("welcome");
    await setUntil(community.id, paid.user.id, Date.now() + 30 * 24 * 3600 * 1000);
    expect(await codeOrOpen(socket, LEFT_MS + 15_000)).toBe(4001);
    const again = await connect(`/parties/community-room/${community.id}`, { cookie: paid.cookie });
    await again.next("welcome");
  });
});
