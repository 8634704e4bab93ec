import { env } from "cloudflare:workers";
import { stopClock } from "../../../tests/clock";
import { describe, expect, it } from "vitest";
import type { ChatMessage, ConversationDetail, MessagesPage } from "../../../common/contract/conversations";
import { MESSAGE_MAX } from "../../../common/contract/limits";
import { addMember, call, createCommunity, createUser, expectError, uploadImage, type TestUser } from "../../../tests/factories";
import { parseQueryStats } from "../../lib/query-count";
import { conversationSettled } from "../../lib/rooms";

/** Mails waiting for the mail job, to one person. */
const mailQueuedFor = async (userId: string) =>
  (await env.DB.prepare("select count(*) as n from notification_mail_queue where recipient_id = ?")
    .bind(userId)
    .first<{ n: number }>())!.n;

const roundTrips = (res: Response) => parseQueryStats(res.headers.get("server-timing"))?.roundTrips;
const roomCalls = (res: Response) => parseQueryStats(res.headers.get("server-timing"))?.roomCalls;

async function startDirect(from: TestUser, to: TestUser): Promise<string> {
  const res = await call("/api/conversations/direct", { body: { userId: to.user.id }, cookie: from.cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { conversation: { id: string } }).conversation.id;
}

function send(who: TestUser, conversationId: string, body: Record<string, unknown>) {
  return call(`/api/conversations/${conversationId}/messages`, {
    body: { id: crypto.randomUUID(), ...body },
    cookie: who.cookie,
  });
}

async function sent(
  who: TestUser,
  conversationId: string,
  content: string,
  extra: Record<string, unknown> = {},
): Promise<ChatMessage> {
  const res = await send(who, conversationId, { content, ...extra });
  expect(res.status).toBe(201);
  return ((await res.json()) as { message: ChatMessage }).message;
}

async function history(who: TestUser, conversationId: string, query = ""): Promise<MessagesPage> {
  const res = await call(`/api/conversations/${conversationId}/messages${query}`, { cookie: who.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as MessagesPage;
}

async function unreadOf(who: TestUser): Promise<number> {
  const res = await call("/api/conversations/unread-count", { cookie: who.cookie });
  return ((await res.json()) as { count: number }).count;
}

const countRows = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(`select count(*) as n from ${sql}`)
    .bind(...binds)
    .first<{ n: number }>())!.n;

const block = (blocker: TestUser, blocked: TestUser) =>
  env.DB.prepare("insert into blocked_users (blocker_id, blocked_id, created_at) values (?, ?, ?)")
    .bind(blocker.user.id, blocked.user.id, Date.now())
    .run();

async function pair() {
  const ana = await createUser({ name: "Ana" });
  const giorgi = await createUser({ name: "Giorgi" });
  return { ana, giorgi, chat: await startDirect(ana, giorgi) };
}

describe("direct chats", () => {
  it("are one per pair of people, whoever starts them", async () => {
    const { ana, giorgi, chat } = await pair();
    expect(await startDirect(ana, giorgi)).toBe(chat);
    expect(await startDirect(giorgi, ana)).toBe(chat);
    expect(await countRows("conversation_participants where conversation_id = ?", chat)).toBe(2);
  });

  it("refuse oneself, unknown people and both sides of a block, creating nothing", async () => {
    const ana = await createUser();
    const giorgi = await createUser();
    const nino = await createUser();
    await expectError(await call("/api/conversations/direct", { body: { userId: ana.user.id }, cookie: ana.cookie }), 400);
    await expectError(await call("/api/conversations/direct", { body: { userId: "nobody" }, cookie: ana.cookie }), 404);
    await block(giorgi, ana);
    for (const [from, to] of [
      [ana, giorgi],
      [giorgi, ana],
    ] as const) {
      await expectError(
        await call("/api/conversations/direct", { body: { userId: to.user.id }, cookie: from.cookie }),
        403,
        "FORBIDDEN",
      );
    }
    expect(await countRows("conversations where created_by in (?, ?)", ana.user.id, giorgi.user.id)).toBe(0);
    expect(await startDirect(ana, nino)).toBeTruthy();
  });

  it("are closed to everyone but the two people", async () => {
    const { chat } = await pair();
    const stranger = await createUser();
    await expectError(await call(`/api/conversations/${chat}`, { cookie: stranger.cookie }), 404);
    await expectError(await call(`/api/conversations/${chat}/messages`, { cookie: stranger.cookie }), 404);
    await expectError(await send(stranger, chat, { content: "hi" }), 404);
    await expectError(await call(`/api/conversations/${chat}`), 401);
    expect(await countRows("messages where conversation_id = ?", chat)).toBe(0);
  });
});

describe("sending", () => {
  it("gives each message the next place, in one round trip of the request's own (the room stores it), and pages history by place", async () => {
    const { ana, giorgi, chat } = await pair();
    const first = await send(ana, chat, { content: "One" });
    expect(first.status).toBe(201);
    // The checks; the message is the room's to number and store (party/conversation-room.ts), one call.
    expect(roundTrips(first)).toBe(1);
    expect(roomCalls(first)).toBe(1);
    await sent(giorgi, chat, "Two");
    await sent(ana, chat, "Three");
    const newest = await history(giorgi, chat, "?limit=2");
    expect(newest.items.map((m) => [m.seq, m.content])).toEqual([
      [2, "Two"],
      [3, "Three"],
    ]);
    expect(newest.hasMore).toBe(true);
    expect(newest.version).toBe(3);
    const older = await history(giorgi, chat, "?before=2&limit=2");
    expect(older.items.map((m) => m.content)).toEqual(["One"]);
    expect(older.hasMore).toBe(false);
    for (const limit of [1, 50]) {
      const res = await call(`/api/conversations/${chat}/messages?limit=${limit}`, { cookie: ana.cookie });
      expect(roundTrips(res)).toBe(1);
      // The room is asked whether D1 has all it took (`settled`).
      expect(roomCalls(res)).toBe(1);
    }
  });

  it("stores a retried message once and answers the retry with it", async () => {
    const { ana, giorgi, chat } = await pair();
    const id = crypto.randomUUID();
    const a = await call(`/api/conversations/${chat}/messages`, { body: { id, content: "Once" }, cookie: ana.cookie });
    const b = await call(`/api/conversations/${chat}/messages`, { body: { id, content: "Once" }, cookie: ana.cookie });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(((await b.json()) as { message: ChatMessage }).message.seq).toBe(1);
    expect(await countRows("messages where conversation_id = ?", chat)).toBe(1);
    expect(await unreadOf(giorgi)).toBe(1);
    // Someone else's id is not theirs to take.
    await expectError(
      await call(`/api/conversations/${chat}/messages`, { body: { id, content: "Mine" }, cookie: giorgi.cookie }),
      409,
      "CONFLICT",
    );
    // Sent at once, twice: still one.
    const twin = crypto.randomUUID();
    const both = await Promise.all(
      [1, 2].map(() => call(`/api/conversations/${chat}/messages`, { body: { id: twin, content: "Twin" }, cookie: ana.cookie })),
    );
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(await countRows("messages where id = ?", twin)).toBe(1);
    expect((await history(ana, chat)).items.map((m) => m.seq)).toEqual([1, 2]);
  });

  it("refuses bad messages with field issues and writes nothing", async () => {
    const { ana, chat } = await pair();
    const other = await pair();
    const foreign = await sent(other.ana, other.chat, "Elsewhere");
    const cases: [Record<string, unknown>, string][] = [
      [{ content: "   " }, "content"],
      [{ content: "x".repeat(MESSAGE_MAX + 1) }, "content"],
      [{ content: "a file", messageType: "file" }, "messageType"],
      [{ content: "", messageType: "image" }, "fileUrl"],
      [{ content: "", messageType: "image", fileUrl: "https://evil.example/x.png" }, "fileUrl"],
      [{ content: "hi", replyToId: foreign.id }, "replyToId"],
      [{ id: "not-a-uuid", content: "hi" }, "id"],
    ];
    for (const [body, path] of cases) {
      const error = await expectError(await send(ana, chat, body), 422, "VALIDATION_FAILED");
      expect(error.error.issues?.map((i) => i.path)).toContain(path);
    }
    expect(await countRows("messages where conversation_id = ?", chat)).toBe(0);
    expect((await sent(ana, chat, "x".repeat(MESSAGE_MAX))).content).toHaveLength(MESSAGE_MAX);
  });

  it("sends images from the upload pipeline, and replies that quote", async () => {
    const { ana, giorgi, chat } = await pair();
    const url = await uploadImage(ana.cookie, "chat_attachment");
    const image = await sent(ana, chat, "", { messageType: "image", fileUrl: url });
    expect(image).toMatchObject({ messageType: "image", fileUrl: url, content: "" });
    const reply = await sent(giorgi, chat, "Nice", { replyToId: image.id });
    expect(reply.replyTo).toEqual({ id: image.id, senderName: "Ana", content: "", messageType: "image", isDeleted: false });
  });

  it("attaches only the sender's own upload: another person's image or a key that names no upload is refused", async () => {
    const { ana, giorgi, chat } = await pair();
    const hers = await uploadImage(giorgi.cookie, "chat_attachment");
    const nobodys = `/files/chat_attachment/${crypto.randomUUID()}.png`;
    for (const fileUrl of [hers, nobodys]) {
      const res = await expectError(
        await send(ana, chat, { content: "", messageType: "image", fileUrl }),
        422,
        "VALIDATION_FAILED",
      );
      expect(res.error.issues?.map((i) => i.path)).toEqual(["fileUrl"]);
    }
    expect(await countRows("messages where conversation_id = ?", chat)).toBe(0);
    // The same image is Giorgi's to send.
    expect((await send(giorgi, chat, { content: "", messageType: "image", fileUrl: hers })).status).toBe(201);
  });

  it("limits a sender to 20 messages in 10 seconds with a clear 429", async () => {
    const { ana, chat } = await pair();
    stopClock();
    for (let i = 0; i < 20; i++) await sent(ana, chat, `m${i}`);
    const over = await send(ana, chat, { content: "one too many" });
    await expectError(over, 429, "RATE_LIMITED");
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await countRows("messages where conversation_id = ?", chat)).toBe(20);
  });

  it("limits first contacts with strangers to 10 an hour; chats that exist and people of a shared community are not counted", async () => {
    const ana = await createUser();
    const strangers = await Promise.all(Array.from({ length: 11 }, () => createUser()));
    const neighbour = await createUser();
    const community = await createCommunity(neighbour.user.id);
    await addMember(community.id, ana.user.id);
    stopClock();
    const start = (to: TestUser) => call("/api/conversations/direct", { body: { userId: to.user.id }, cookie: ana.cookie });
    for (const stranger of strangers.slice(0, 10)) expect((await start(stranger)).status).toBe(200);
    const refused = await expectError(await start(strangers[10]!), 429, "RATE_LIMITED");
    expect(refused.error.message).toBeTruthy();
    expect(await countRows("conversation_participants where user_id = ?", strangers[10]!.user.id)).toBe(0);
    // Opening a chat that exists, or one with someone of a shared community, is no first contact.
    expect((await start(strangers[0]!)).status).toBe(200);
    expect((await start(neighbour)).status).toBe(200);
    // The stranger can still write first.
    const back = await call("/api/conversations/direct", { body: { userId: ana.user.id }, cookie: strangers[10]!.cookie });
    expect(back.status).toBe(200);
  });

  it("limits edits to 30 a minute", async () => {
    const { ana, chat } = await pair();
    const message = await sent(ana, chat, "Draft");
    stopClock();
    const edit = (content: string) =>
      call(`/api/messages/${message.id}`, { method: "PATCH", body: { content }, cookie: ana.cookie });
    for (let i = 0; i < 30; i++) expect((await edit(`Draft ${i}`)).status).toBe(200);
    await expectError(await edit("One too many"), 429, "RATE_LIMITED");
    expect((await history(ana, chat)).items[0]).toMatchObject({ content: "Draft 29" });
  });

  it("counts each 10-second window afresh: the message after a window's end goes through", async () => {
    const { ana, chat } = await pair();
    const now = Date.now();
    const windowEnd = now - (now % 10_000) + 20_000;
    const clock = stopClock(windowEnd - 1);
    for (let i = 0; i < 20; i++) await sent(ana, chat, `m${i}`);
    await expectError(await send(ana, chat, { content: "one too many" }), 429, "RATE_LIMITED");
    clock.set(windowEnd);
    await sent(ana, chat, "next window");
    expect(await countRows("messages where conversation_id = ?", chat)).toBe(21);
  });
});

describe("changing messages", () => {
  it("edits and deletes one's own, in place, each a new version that a catch-up returns", async () => {
    const { ana, giorgi, chat } = await pair();
    const message = await sent(ana, chat, "Helo");
    await sent(giorgi, chat, "Hi");
    const edit = await call(`/api/messages/${message.id}`, { method: "PATCH", body: { content: "Hello" }, cookie: ana.cookie });
    expect(edit.status).toBe(200);
    // The checks; the room writes the change to D1.
    expect(roundTrips(edit)).toBe(1);
    expect(roomCalls(edit)).toBe(1);
    const edited = ((await edit.json()) as { message: ChatMessage }).message;
    expect(edited).toMatchObject({ content: "Hello", isEdited: true, seq: 1, version: 3 });
    await expectError(
      await call(`/api/messages/${message.id}`, { method: "PATCH", body: { content: "x" }, cookie: giorgi.cookie }),
      403,
    );
    await expectError(await call(`/api/messages/${message.id}`, { method: "DELETE", cookie: giorgi.cookie }), 403);
    const del = await call(`/api/messages/${message.id}`, { method: "DELETE", cookie: ana.cookie });
    expect(del.status).toBe(200);
    expect(roundTrips(del)).toBeLessThanOrEqual(2);
    const catchUp = await history(giorgi, chat, "?after=2");
    expect(catchUp.items.map((m) => [m.id, m.version, m.isDeleted, m.content])).toEqual([[message.id, 4, true, ""]]);
    expect(catchUp.version).toBe(4);
    expect((await history(giorgi, chat)).items.map((m) => m.seq)).toEqual([1, 2]);
    await expectError(
      await call(`/api/messages/${message.id}`, { method: "PATCH", body: { content: "back" }, cookie: ana.cookie }),
      409,
    );
    const list = await call("/api/conversations", { cookie: giorgi.cookie });
    const [summary] = ((await list.json()) as { items: { lastMessage: { content: string } | null }[] }).items;
    expect(summary!.lastMessage?.content).toBe("Hi");
  });

  it("sets reactions to the state asked for, with counts and who reacted", async () => {
    const { ana, giorgi, chat } = await pair();
    const message = await sent(ana, chat, "Party?");
    const react = (who: TestUser, emoji: string, active: boolean) =>
      call(`/api/messages/${message.id}/reactions`, { body: { emoji, active }, cookie: who.cookie });
    await react(giorgi, "🎉", true);
    await react(giorgi, "🎉", true);
    const both = await react(ana, "🎉", true);
    expect(roundTrips(both)).toBeLessThanOrEqual(2);
    let shown = ((await both.json()) as { message: ChatMessage }).message;
    expect(shown.reactions).toEqual([
      {
        emoji: "🎉",
        count: 2,
        users: [
          { id: giorgi.user.id, fullName: giorgi.user.fullName },
          { id: ana.user.id, fullName: ana.user.fullName },
        ],
      },
    ]);
    shown = ((await (await react(giorgi, "🎉", false)).json()) as { message: ChatMessage }).message;
    expect(shown.reactions).toEqual([{ emoji: "🎉", count: 1, users: [{ id: ana.user.id, fullName: ana.user.fullName }] }]);
    await expectError(await react(giorgi, "🍕", true), 422, "VALIDATION_FAILED");
    // The room answers from its own storage and writes D1 behind: D1 has it once settled.
    await conversationSettled(env, undefined, chat);
    expect(await countRows("message_reactions where message_id = ?", message.id)).toBe(1);
  });
});

describe("read state and notifications", () => {
  it("counts unread per conversation, groups MESSAGE notifications, and a read mark clears both", async () => {
    const { ana, giorgi, chat } = await pair();
    await sent(ana, chat, "One");
    await sent(ana, chat, "Two");
    const three = await sent(ana, chat, "Three");
    expect(await unreadOf(giorgi)).toBe(3);
    expect(await unreadOf(ana)).toBe(0);
    const notes = await env.DB.prepare(
      "select content, data, is_read from notifications where recipient_id = ? and type = 'MESSAGE' and conversation_id = ?",
    )
      .bind(giorgi.user.id, chat)
      .all<{ content: string; data: string; is_read: number }>();
    expect(notes.results).toEqual([{ content: "Three", data: JSON.stringify({ count: 3 }), is_read: 0 }]);
    const read = await call(`/api/conversations/${chat}/read`, { body: { seq: 2 }, cookie: giorgi.cookie });
    expect(read.status).toBe(200);
    expect(roundTrips(read)).toBeLessThanOrEqual(2);
    expect(await read.json()).toEqual({ unreadCount: 1 });
    // Never backwards, never past the end.
    await call(`/api/conversations/${chat}/read`, { body: { seq: 1 }, cookie: giorgi.cookie });
    await call(`/api/conversations/${chat}/read`, { body: { seq: 999 }, cookie: giorgi.cookie });
    expect(await unreadOf(giorgi)).toBe(0);
    const detail = await call(`/api/conversations/${chat}`, { cookie: ana.cookie });
    const conversation = ((await detail.json()) as { conversation: ConversationDetail }).conversation;
    expect(conversation.participants.find((p) => p.id === giorgi.user.id)?.lastReadSeq).toBe(three.seq);
    expect(await countRows("notifications where recipient_id = ? and type = 'MESSAGE' and is_read = 0", giorgi.user.id)).toBe(0);
    await sent(ana, chat, "Four");
    expect(await countRows("notifications where recipient_id = ? and type = 'MESSAGE' and is_read = 0", giorgi.user.id)).toBe(1);
  });
});

describe("blocks", () => {
  it("close a direct chat to new messages both ways and keep its history", async () => {
    const { ana, giorgi, chat } = await pair();
    await sent(ana, chat, "Before");
    await block(ana, giorgi);
    for (const who of [ana, giorgi]) {
      await expectError(await send(who, chat, { content: "After" }), 403, "FORBIDDEN");
      expect((await history(who, chat)).items.map((m) => m.content)).toEqual(["Before"]);
      const detail = await call(`/api/conversations/${chat}`, { cookie: who.cookie });
      expect(((await detail.json()) as { conversation: ConversationDetail }).conversation.canWrite).toBe(false);
    }
    expect(await countRows("messages where conversation_id = ?", chat)).toBe(1);
  });

  it("hide each other's messages in a group, with no unread count or notification", async () => {
    const owner = await createUser();
    const ana = await createUser();
    const nino = await createUser();
    const community = await createCommunity(owner.user.id);
    await addMember(community.id, ana.user.id);
    await addMember(community.id, nino.user.id);
    const created = await call(`/api/communities/${community.id}/group-chats`, {
      body: { name: "Runners" },
      cookie: owner.cookie,
    });
    const group = ((await created.json()) as { conversation: { id: string } }).conversation.id;
    for (const who of [ana, nino]) {
      expect((await call(`/api/conversations/${group}/join`, { method: "POST", cookie: who.cookie })).status).toBe(200);
    }
    await block(nino, ana);
    const hidden = await sent(ana, group, "From Ana");
    await sent(owner, group, "From the owner");
    expect((await history(nino, group)).items.map((m) => m.content)).toEqual(["From the owner"]);
    expect((await history(owner, group)).items.map((m) => m.content)).toEqual(["From Ana", "From the owner"]);
    expect(await unreadOf(nino)).toBe(1);
    expect(await countRows("notifications where recipient_id = ? and sender_id = ?", nino.user.id, ana.user.id)).toBe(0);
    await expectError(
      await call(`/api/messages/${hidden.id}/reactions`, { body: { emoji: "👍", active: true }, cookie: nino.cookie }),
      404,
    );
  });
});

describe("group chats", () => {
  it("are created, renamed and removed by the owner and admins; members join and leave", async () => {
    const owner = await createUser();
    const admin = await createUser();
    const member = await createUser();
    const outsider = await createUser();
    const community = await createCommunity(owner.user.id);
    await addMember(community.id, admin.user.id, "admin");
    await addMember(community.id, member.user.id);
    const path = `/api/communities/${community.id}/group-chats`;
    await expectError(await call(path, { body: { name: "Nope" }, cookie: member.cookie }), 403);
    await expectError(await call(path, { body: { name: "" }, cookie: owner.cookie }), 422, "VALIDATION_FAILED");
    await expectError(await call(path, { cookie: outsider.cookie }), 404);
    const created = await call(path, { body: { name: "Morning runs", description: "6 am" }, cookie: admin.cookie });
    expect(created.status).toBe(201);
    const group = ((await created.json()) as { conversation: { id: string } }).conversation.id;
    const list = async (who: TestUser) =>
      ((await (await call(path, { cookie: who.cookie })).json()) as { items: { joined: boolean; memberCount: number }[] }).items;
    expect(await list(member)).toMatchObject([{ joined: false, memberCount: 1 }]);
    await expectError(await call(`/api/conversations/${group}/messages`, { cookie: member.cookie }), 404);
    await expectError(await call(`/api/conversations/${group}/join`, { method: "POST", cookie: outsider.cookie }), 404);
    expect((await call(`/api/conversations/${group}/join`, { method: "POST", cookie: member.cookie })).status).toBe(200);
    expect((await call(`/api/conversations/${group}/join`, { method: "POST", cookie: member.cookie })).status).toBe(200);
    expect(await list(member)).toMatchObject([{ joined: true, memberCount: 2 }]);
    await expectError(
      await call(`/api/conversations/${group}`, { method: "PATCH", body: { name: "Mine" }, cookie: member.cookie }),
      403,
    );
    const renamed = await call(`/api/conversations/${group}`, {
      method: "PATCH",
      body: { name: "Evening runs" },
      cookie: owner.cookie,
    });
    expect(((await renamed.json()) as { conversation: ConversationDetail }).conversation.title).toBe("Evening runs");
    expect((await call(`/api/conversations/${group}/leave`, { method: "POST", cookie: member.cookie })).status).toBe(200);
    expect(await list(member)).toMatchObject([{ joined: false, memberCount: 1 }]);
    await expectError(await call(`/api/conversations/${group}`, { method: "DELETE", cookie: member.cookie }), 403);
    expect((await call(`/api/conversations/${group}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(200);
    expect(await list(owner)).toEqual([]);
    expect(await countRows("conversations where id = ?", group)).toBe(0);
  });

  it("keeps an archived community's group chats read-only: no renaming, removing or deleting messages", async () => {
    const owner = await createUser();
    const community = await createCommunity(owner.user.id);
    const created = await call(`/api/communities/${community.id}/group-chats`, { body: { name: "Club" }, cookie: owner.cookie });
    const group = ((await created.json()) as { conversation: { id: string } }).conversation.id;
    const message = await sent(owner, group, "Hello club");
    expect((await call(`/api/communities/${community.id}/archive`, { method: "POST", cookie: owner.cookie })).status).toBe(200);
    const rename = call(`/api/conversations/${group}`, { method: "PATCH", body: { name: "Renamed" }, cookie: owner.cookie });
    await expectError(await rename, 409, "READ_ONLY");
    await expectError(await call(`/api/conversations/${group}`, { method: "DELETE", cookie: owner.cookie }), 409, "READ_ONLY");
    await expectError(await call(`/api/messages/${message.id}`, { method: "DELETE", cookie: owner.cookie }), 409, "READ_ONLY");
    const [kept] = (await history(owner, group)).items;
    expect(kept).toMatchObject({ id: message.id, content: "Hello club", isDeleted: false });
    expect(await countRows("conversations where id = ? and name = 'Club'", group)).toBe(1);
  });

  it("leaves the conversation list when its community's access ends", async () => {
    const owner = await createUser();
    const member = await createUser();
    const community = await createCommunity(owner.user.id);
    await addMember(community.id, member.user.id);
    const created = await call(`/api/communities/${community.id}/group-chats`, { body: { name: "Club" }, cookie: owner.cookie });
    const group = ((await created.json()) as { conversation: { id: string } }).conversation.id;
    await call(`/api/conversations/${group}/join`, { method: "POST", cookie: member.cookie });
    await sent(owner, group, "Hello club");
    expect(await unreadOf(member)).toBe(1);
    await env.DB.prepare("delete from community_members where community_id = ? and profile_id = ?")
      .bind(community.id, member.user.id)
      .run();
    const list = await call("/api/conversations", { cookie: member.cookie });
    expect(((await list.json()) as { items: unknown[] }).items).toEqual([]);
    expect(await unreadOf(member)).toBe(0);
    await expectError(await call(`/api/conversations/${group}/messages`, { cookie: member.cookie }), 404);
    // Their seat stays until they leave, but nothing more of the chat reaches them: no notification.
    const notified = () =>
      env.DB.prepare("select count(*) as n from notifications where recipient_id = ? and conversation_id = ?")
        .bind(member.user.id, group)
        .first<{ n: number }>();
    const before = [(await notified())!.n, await mailQueuedFor(member.user.id)];
    await sent(owner, group, "After you left");
    expect([(await notified())!.n, await mailQueuedFor(member.user.id)]).toEqual(before);
  });
});

describe("people to start a chat with", () => {
  it("lists the community's members and everyone else, without oneself or anyone across a block", async () => {
    const owner = await createUser({ name: "Owner Zed" });
    const member = await createUser({ name: "Member Mary" });
    const blocker = await createUser({ name: "Member Blocker" });
    const outside = await createUser({ name: "Outside Olga" });
    const community = await createCommunity(owner.user.id);
    await addMember(community.id, member.user.id);
    await addMember(community.id, blocker.user.id);
    await block(blocker, owner);
    const res = await call(`/api/conversations/people?communityId=${community.id}&q=`, { cookie: owner.cookie });
    expect(roundTrips(res)).toBe(1);
    const people = (await res.json()) as { members: { id: string }[]; others: { id: string }[] };
    expect(people.members.map((p) => p.id)).toEqual([member.user.id]);
    const others = people.others.map((p) => p.id);
    expect(others).not.toContain(owner.user.id);
    expect(others).not.toContain(member.user.id);
    expect(others).not.toContain(blocker.user.id);
    const search = await call(`/api/conversations/people?communityId=${community.id}&q=olga`, { cookie: owner.cookie });
    expect(((await search.json()) as { others: { id: string }[] }).others.map((p) => p.id)).toEqual([outside.user.id]);
    // Not a member: no member list of someone else's community.
    const stranger = await call(`/api/conversations/people?communityId=${community.id}`, { cookie: outside.cookie });
    expect(((await stranger.json()) as { members: unknown[] }).members).toEqual([]);
  });
});
