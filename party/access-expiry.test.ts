import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { stopClock } from "../tests/clock";
import { addMember, createCommunity, createConversation, createUser, type TestUser } from "../tests/factories";
import { makePaid } from "../tests/payments";
import { closeAll, connect, expectRefused, upgrade, type TestSocket } from "./test-socket";

afterEach(closeAll);

/**
 * How long from now a paid member's access runs. The clock is stopped (the rooms run in the tests'
 * isolate and read it too) and moved past the end by hand; the room's alarm is then run at once, so
 * nothing here waits for real time or depends on how fast the upgrade is.
 */
const LEFT_MS = 60 * 60 * 1000;

const setUntil = (communityId: string, userId: string, until: number) =>
  env.DB.prepare("update community_members set access_until = ? where community_id = ? and profile_id = ?")
    .bind(until, communityId, userId)
    .run();

const code = (s: TestSocket) => s.closed.then((c) => c.code);
const isOpen = (s: TestSocket) => s.ws.readyState === WebSocket.READY_STATE_OPEN;

/** Runs the rooms' alarms now (as the runtime would at their time), if one is set. */
async function runAlarms(communityId: string, chatId?: string) {
  await runDurableObjectAlarm(env.CommunityRoom.getByName(communityId));
  if (chatId) await runDurableObjectAlarm(env.ConversationRoom.getByName(chatId));
}

describe("paid access that runs out by time", () => {
  it("closes the member's community-room and group-chat sockets when it ends (4001), and the upgrade is refused after", async () => {
    const clock = stopClock();
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

    // Not before the end: the alarm finds nobody to close.
    clock.set(Date.now() + LEFT_MS - 1);
    await runAlarms(community.id, chat.id);
    expect([...ending, ...staying].map(isOpen)).toEqual([true, true, true, true, true, true]);

    clock.set(Date.now() + 1);
    await runAlarms(community.id, chat.id);
    expect(await Promise.all(ending.map(code))).toEqual([4001, 4001]);
    await expectRefused(await upgrade(`/parties/community-room/${community.id}`, { cookie: paid.cookie }), 404, "NOT_FOUND");
    expect(staying.map(isOpen)).toEqual([true, true, true, true]);
  });

  it("a renewal that moved the access on lets the reconnect in again", async () => {
    const clock = stopClock();
    const [owner, paid] = await Promise.all([createUser(), createUser()]);
    const community = await createCommunity(owner.user.id);
    await makePaid(community.id);
    await addMember(community.id, paid.user.id);
    await setUntil(community.id, paid.user.id, Date.now() + LEFT_MS);
    const socket = await connect(`/parties/community-room/${community.id}`, { cookie: paid.cookie });
    await socket.next("welcome");
    await setUntil(community.id, paid.user.id, Date.now() + 30 * 24 * 3600 * 1000);
    // The socket was let in until the old end: it closes then, and the client's reconnect finds the new one.
    clock.set(Date.now() + LEFT_MS);
    await runAlarms(community.id);
    expect(await code(socket)).toBe(4001);
    const again = await connect(`/parties/community-room/${community.id}`, { cookie: paid.cookie });
    await again.next("welcome");
  });

  it("wakes at the earliest end among its sockets, then at the next one, and says why it closed", async () => {
    const clock = stopClock();
    const start = Date.now();
    const [owner, first, second, third] = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
    const community = await createCommunity(owner.user.id);
    await makePaid(community.id);
    const ends = new Map([
      [first, start + LEFT_MS],
      [second, start + 2 * LEFT_MS],
      [third, start + 3 * LEFT_MS],
    ]);
    for (const [member, until] of ends) {
      await addMember(community.id, member.user.id);
      await setUntil(community.id, member.user.id, until);
    }
    const room = env.CommunityRoom.getByName(community.id);
    const alarm = () => runInDurableObject(room, (_room, state) => state.storage.getAlarm());
    const join = async (member: TestUser) => {
      const socket = await connect(`/parties/community-room/${community.id}`, { cookie: member.cookie });
      await socket.next("welcome");
      return socket;
    };
    // The room's one alarm moves to an earlier end, never to a later one.
    const early3 = await join(third);
    expect(await alarm()).toBe(ends.get(third));
    const s1 = await join(first);
    expect(await alarm()).toBe(ends.get(first));
    const s2 = await join(second);
    expect(await alarm()).toBe(ends.get(first));
    const late3 = await join(third);
    expect(await alarm()).toBe(ends.get(first));

    clock.set(ends.get(first)!);
    await runAlarms(community.id);
    expect(await s1.next("closing")).toEqual({ type: "closing", code: 4001, reason: "Access ended" });
    expect(await s1.closed).toEqual({ code: 4001, reason: "Access ended" });
    // The next to end is the second's: the earliest of those left, not the last the room walks (the
    // third's tabs were opened before and after the second's: whichever way it walks, it ends at one).
    expect(await alarm()).toBe(ends.get(second));
    expect([early3, s2, late3].map(isOpen)).toEqual([true, true, true]);
  });
});
