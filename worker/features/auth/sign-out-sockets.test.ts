import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { ConversationEvent } from "../../../common/realtime-protocol";
import { closeAll, connect, type TestSocket } from "../../../party/test-socket";
import { sampleMessage } from "../../../tests/chat-messages";
import {
  addMember,
  call,
  cookieFrom,
  createCommunity,
  createConversation,
  createUser,
  TEST_PASSWORD,
} from "../../../tests/factories";
import { publishToCommunity, publishToConversation, publishToUser } from "../../lib/rooms";

afterEach(closeAll);

const signIn = (email: string, password: string) => call("/api/auth/sign-in/email", { body: { email, password } });
const signOut = (cookie?: string) => call("/api/auth/sign-out", { body: {}, cookie });
const me = async (cookie: string) => ((await (await call("/api/me", { cookie })).json()) as { user: { id: string } | null }).user;

/** A tab of `cookie`: a socket to the person's own room, the community's room and the group chat's, each welcomed. */
async function tab(userId: string, cookie: string, communityId: string, chatId: string) {
  const sockets = await Promise.all([
    connect(`/parties/user-room/${userId}`, { cookie }),
    connect(`/parties/community-room/${communityId}`, { cookie }),
    connect(`/parties/conversation-room/${chatId}`, { cookie }),
  ]);
  await Promise.all(sockets.map((s) => s.next("welcome")));
  return sockets;
}

/** Each socket's close code, or "open" while it stays open for `ms` (generous by default: the close is asynchronous). */
const closeCodes = (sockets: TestSocket[], ms = 5000) =>
  Promise.all(
    sockets.map((s) => Promise.race([s.closed.then((c) => c.code), new Promise((r) => setTimeout(() => r("open"), ms))])),
  );

/** Ana signed in twice (her first cookie and a laptop's), in a friend's community and its group chat. */
async function world() {
  const ana = await createUser();
  const friend = await createUser();
  const { id: communityId } = await createCommunity(friend.user.id);
  await addMember(communityId, ana.user.id);
  const { id: chatId } = await createConversation("group", [friend.user.id, ana.user.id], { communityId });
  const laptop = cookieFrom(await signIn(ana.user.email, TEST_PASSWORD));
  return { ana, friend, communityId, chatId, laptop };
}

describe("signing out", () => {
  it("closes that session's sockets in every room with 4003; the other session's stay open and still receive", async () => {
    const { ana, friend, communityId, chatId, laptop } = await world();
    const phone = await tab(ana.user.id, ana.cookie, communityId, chatId);
    const computer = await tab(ana.user.id, laptop, communityId, chatId);
    const friends = await tab(friend.user.id, friend.cookie, communityId, chatId);

    expect((await signOut(ana.cookie)).status).toBe(200);
    expect(await closeCodes(phone)).toEqual([4003, 4003, 4003]);
    expect(await me(ana.cookie)).toBeNull();
    expect((await me(laptop))?.id).toBe(ana.user.id);

    const [userRoom, communityRoom, chatRoom] = computer as [TestSocket, TestSocket, TestSocket];
    const from = computer.map((s) => s.frames.length);
    await publishToUser(env, ana.user.id, { type: "notification.unread", count: 7 });
    await publishToCommunity(env, communityId, { type: "post.deleted", postId: "p1" });
    const message: ConversationEvent = {
      type: "message.created",
      conversationId: chatId,
      message: sampleMessage({ conversationId: chatId }),
    };
    await publishToConversation(env, chatId, message);
    expect((await userRoom.next("notification.unread", undefined, from[0], 5000)).count).toBe(7);
    expect((await communityRoom.next("post.deleted", undefined, from[1], 5000)).postId).toBe("p1");
    expect(await chatRoom.next("message.created", undefined, from[2], 5000)).toEqual(message);
    expect([...computer, ...friends].map((s) => s.ws.readyState === WebSocket.READY_STATE_OPEN)).toEqual(Array(6).fill(true));
  });

  it("without a session, or with one already ended, answers as before and closes nothing", async () => {
    const { ana, communityId, chatId, laptop } = await world();
    expect((await signOut(laptop)).status).toBe(200);
    const sockets = await tab(ana.user.id, ana.cookie, communityId, chatId);
    expect((await signOut()).status).toBe(200);
    expect((await signOut(laptop)).status).toBe(200);
    expect(await closeCodes(sockets, 500)).toEqual(["open", "open", "open"]);
    expect((await me(ana.cookie))?.id).toBe(ana.user.id);
  });
});
