import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { newId } from "../common/ids";
import type { ChatMessage, MessagesPage } from "../common/contract/conversations";
import { conversationSettled, reloadConversations } from "../worker/lib/rooms";
import { purgeAccount } from "../worker/features/account/purge";
import type { AppEnv } from "../worker/env";
import { openD1TestDb } from "../tests/test-db-d1";
import { stopClock } from "../tests/clock";
import { addMember, call, createCommunity, createConversation, createUser, type TestUser } from "../tests/factories";
import { REACTION_USERS_MAX } from "../common/contract/limits";
import { IMPORT_PAGE } from "./conversation-room";
import { closeAll, connect, type TestSocket } from "./test-socket";

afterEach(closeAll);

/**
 * Messages sent through a conversation room's socket: the room checks, numbers, stores and fans them out
 * itself, and writes them to D1 behind (party/conversation-room.ts, worker/lib/message-mirror.ts).
 */

const path = (conversationId: string) => `/parties/conversation-room/${conversationId}`;

async function directChat() {
  const alice = await createUser({ name: "Alice" });
  const bob = await createUser({ name: "Bob" });
  const conversation = await createConversation("direct", [alice.user.id, bob.user.id]);
  const a = await connect(path(conversation.id), { cookie: alice.cookie });
  const b = await connect(path(conversation.id), { cookie: bob.cookie });
  await Promise.all([a.next("welcome"), b.next("welcome")]);
  return { alice, bob, conversation, a, b };
}

/** Sends through the socket and answers the room's answer to it (`message.ack` or `message.refused`). */
async function sendVia(socket: TestSocket, content: string, extra: { id?: string; replyToId?: string } = {}) {
  const id = extra.id ?? crypto.randomUUID();
  const from = socket.frames.length;
  socket.sendJson({ type: "message.send", id, content, replyToId: extra.replyToId ?? null });
  const answer = await Promise.race([
    socket.next("message.ack", (m) => m.id === id, from),
    socket.next("message.refused", (m) => m.id === id, from),
  ]);
  return answer;
}

async function acked(socket: TestSocket, content: string, extra: { id?: string; replyToId?: string } = {}): Promise<ChatMessage> {
  const answer = await sendVia(socket, content, extra);
  if (answer.type !== "message.ack") throw new Error(`refused: ${answer.code} ${answer.message}`);
  return answer.message;
}

const rows = (sql: string, ...bind: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...bind)
    .all<Record<string, unknown>>()
    .then((r) => r.results);

async function history(user: TestUser, conversationId: string, query = ""): Promise<MessagesPage> {
  const res = await call(`/api/conversations/${conversationId}/messages${query}`, { cookie: user.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as MessagesPage;
}

describe("messages sent through the conversation's socket", () => {
  it("are numbered, stored, acknowledged and fanned out by the room, then written to D1 with the list's summary", async () => {
    const { alice, bob, conversation, a, b } = await directChat();
    const first = await acked(a, "hello Bob");
    expect(first).toMatchObject({
      conversationId: conversation.id,
      seq: 1,
      version: 1,
      content: "hello Bob",
      sender: { id: alice.user.id, fullName: "Alice" },
      replyTo: null,
      reactions: [],
    });
    expect((await b.next("message.created")).message).toEqual(first);
    const reply = await acked(b, "hi Alice", { replyToId: first.id });
    expect(reply).toMatchObject({ seq: 2, replyTo: { id: first.id, senderName: "Alice", content: "hello Bob" } });
    // The sender's sockets get it too (another tab of theirs shows it).
    expect((await a.next("message.created", (m) => m.message.id === reply.id)).message).toEqual(reply);

    expect(await conversationSettled(env, undefined, conversation.id)).toBe(2);
    const stored = await rows(
      "select id, seq, version, sender_id, content, reply_to_id from messages where conversation_id = ? order by seq",
      conversation.id,
    );
    expect(stored).toEqual([
      { id: first.id, seq: 1, version: 1, sender_id: alice.user.id, content: "hello Bob", reply_to_id: null },
      { id: reply.id, seq: 2, version: 2, sender_id: bob.user.id, content: "hi Alice", reply_to_id: first.id },
    ]);
    const [summary] = await rows(
      "select version, last_message_id, last_message_preview from conversations where id = ?",
      conversation.id,
    );
    expect(summary).toEqual({ version: 2, last_message_id: reply.id, last_message_preview: "hi Alice" });
    // What the API reads is what the room showed.
    expect((await history(alice, conversation.id)).items).toEqual([first, reply]);
    // Both had the chat open: nobody was notified.
    expect(await rows("select 1 from notifications where conversation_id = ?", conversation.id)).toEqual([]);
  });

  it("need no D1 on the way: with D1's messages away the room still stores, answers and delivers, and D1 gets them once back", async () => {
    const { alice, conversation, a, b } = await directChat();
    await acked(a, "before"); // the room has read in what D1 held
    await conversationSettled(env, undefined, conversation.id);
    await env.DB.exec("alter table messages rename to messages_away");
    let restored = false;
    try {
      const during = await acked(a, "while D1 cannot take it");
      expect(during.seq).toBe(2);
      expect((await b.next("message.created", (m) => m.message.id === during.id)).message).toEqual(during);
      // Readers of D1 are told it is behind (they answer an error rather than an old page).
      const failure = await conversationSettled(env, undefined, conversation.id).then(
        () => null,
        (error: unknown) => error,
      );
      expect(String(failure)).toContain("not written to D1 yet");
      await env.DB.exec("alter table messages_away rename to messages");
      restored = true;
      expect(await conversationSettled(env, undefined, conversation.id)).toBe(2);
      expect(await rows("select content from messages where conversation_id = ? order by seq", conversation.id)).toEqual([
        { content: "before" },
        { content: "while D1 cannot take it" },
      ]);
      expect((await history(alice, conversation.id)).items.map((m) => m.seq)).toEqual([1, 2]);
    } finally {
      if (!restored) await env.DB.exec("alter table messages_away rename to messages");
    }
  });

  it("answer a retried id with the message already stored, once, and refuse another person's id", async () => {
    const { conversation, a, b } = await directChat();
    const id = crypto.randomUUID();
    const sent = await acked(a, "once", { id });
    await b.next("message.created");
    const from = b.frames.length;
    const again = await acked(a, "once", { id });
    expect(again).toMatchObject({ id, seq: sent.seq, content: "once" });
    const taken = await sendVia(b, "mine now", { id });
    expect(taken).toMatchObject({ type: "message.refused", code: "CONFLICT" });
    await b.expectNone("message.created", from, 300);
    await conversationSettled(env, undefined, conversation.id);
    expect(await rows("select count(*) as n from messages where conversation_id = ?", conversation.id)).toEqual([{ n: 1 }]);
  });

  it("refuse a reply to a message not in the conversation, a 21st message in 10 seconds and a group of an archived community", async () => {
    const { conversation, a } = await directChat();
    expect(await sendVia(a, "to nothing", { replyToId: newId() })).toMatchObject({
      type: "message.refused",
      code: "VALIDATION_FAILED",
    });
    stopClock(Math.ceil(Date.now() / 10_000) * 10_000 + 1);
    for (let i = 0; i < 20; i++) await acked(a, `m${i}`);
    expect(await sendVia(a, "one too many")).toMatchObject({ type: "message.refused", code: "RATE_LIMITED" });
    await conversationSettled(env, undefined, conversation.id);
    expect(await rows("select count(*) as n from messages where conversation_id = ?", conversation.id)).toEqual([{ n: 20 }]);

    const owner = await createUser();
    const member = await createUser();
    const community = await createCommunity(owner.user.id);
    await addMember(community.id, member.user.id);
    const group = await createConversation("group", [owner.user.id, member.user.id], { communityId: community.id });
    const m = await connect(path(group.id), { cookie: member.cookie });
    await m.next("welcome");
    await acked(m, "still open");
    const archived = await call(`/api/communities/${community.id}/archive`, { method: "POST", cookie: owner.cookie });
    expect(archived.status).toBe(200);
    expect(await sendVia(m, "after the archive")).toMatchObject({ type: "message.refused", code: "READ_ONLY" });
    // A socket opened later is told at its upgrade.
    const later = await connect(path(group.id), { cookie: owner.cookie });
    await later.next("welcome");
    expect(await sendVia(later, "owner too")).toMatchObject({ type: "message.refused", code: "READ_ONLY" });
    expect((await call(`/api/communities/${community.id}/unarchive`, { method: "POST", cookie: owner.cookie })).status).toBe(200);
    await acked(m, "open again");
  });

  it("are not delivered to the people a block stands between the sender and, in a group", async () => {
    const alice = await createUser({ name: "Alice" });
    const bob = await createUser({ name: "Bob" });
    const carol = await createUser({ name: "Carol" });
    const community = await createCommunity(alice.user.id);
    await addMember(community.id, bob.user.id);
    await addMember(community.id, carol.user.id);
    const group = await createConversation("group", [alice.user.id, bob.user.id, carol.user.id], { communityId: community.id });
    expect((await call(`/api/users/${carol.user.id}/block`, { method: "PUT", cookie: alice.cookie })).status).toBe(200);
    const [a, b, c] = await Promise.all([alice, bob, carol].map((u) => connect(path(group.id), { cookie: u.cookie })));
    await Promise.all([a!.next("welcome"), b!.next("welcome"), c!.next("welcome")]);
    const sent = await acked(a!, "not for Carol");
    expect((await b!.next("message.created")).message.id).toBe(sent.id);
    await c!.expectNone("message.created", 0, 300);
  });

  it("keep their numbers through a restart of the room, and a client that was away catches up by version", async () => {
    const { alice, bob, conversation, a } = await directChat();
    await acked(a, "one");
    const seen = (await acked(a, "two")).version;
    await closeAll();
    await evictDurableObject(env.ConversationRoom.getByName(conversation.id));
    const again = await connect(path(conversation.id), { cookie: alice.cookie });
    await again.next("welcome");
    expect((await acked(again, "three")).seq).toBe(3);
    expect((await acked(again, "four")).seq).toBe(4);
    const page = await history(bob, conversation.id, `?after=${seen}`);
    expect(page.items.map((m) => [m.seq, m.content])).toEqual([
      [3, "three"],
      [4, "four"],
    ]);
    expect(page.version).toBe(4);
  });

  it("continue from what D1 held before the room kept messages (read in once, safely again)", async () => {
    const alice = await createUser({ name: "Alice" });
    const bob = await createUser({ name: "Bob" });
    const conversation = await createConversation("direct", [alice.user.id, bob.user.id]);
    // Messages written to D1 before rooms kept them.
    const old = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    for (const [i, id] of old.entries()) {
      await env.DB.prepare(
        `insert into messages (id, conversation_id, sender_id, content, message_type, seq, version, is_edited, is_deleted, created_at, updated_at)
         values (?, ?, ?, ?, 'text', ?, ?, 0, 0, ?, ?)`,
      )
        .bind(id, conversation.id, i === 1 ? bob.user.id : alice.user.id, `old ${i + 1}`, i + 1, i + 1, 1000 + i, 1000 + i)
        .run();
    }
    await env.DB.prepare("update conversations set version = 3, last_message_id = ? where id = ?")
      .bind(old[2], conversation.id)
      .run();
    const a = await connect(path(conversation.id), { cookie: alice.cookie });
    await a.next("welcome");
    const reply = await acked(a, "answering an old one", { replyToId: old[1] });
    expect(reply).toMatchObject({ seq: 4, replyTo: { id: old[1], senderName: "Bob", content: "old 2" } });
    // A retry of a message stored before is answered with it, not stored again.
    expect(await acked(a, "old 1", { id: old[0] })).toMatchObject({ id: old[0], seq: 1 });
    // Read in again (as after a purge): nothing doubles, the numbers go on.
    await reloadConversations(env, [conversation.id]);
    expect((await acked(a, "after reading in again")).seq).toBe(5);
    await conversationSettled(env, undefined, conversation.id);
    expect(await rows("select seq from messages where conversation_id = ? order by seq", conversation.id)).toEqual(
      [1, 2, 3, 4, 5].map((seq) => ({ seq })),
    );
  });

  it("read a long conversation in from D1 page by page, every message of it", async () => {
    const alice = await createUser({ name: "Alice" });
    const bob = await createUser({ name: "Bob" });
    const conversation = await createConversation("direct", [alice.user.id, bob.user.id]);
    const count = IMPORT_PAGE * 2 + 1;
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
       insert into messages (id, conversation_id, sender_id, content, message_type, seq, version, is_edited, is_deleted, created_at, updated_at)
       select ? || '-' || i, ?, ?, 'old ' || i, 'text', i, i, 0, 0, 1000 + i, 1000 + i from n`,
    )
      .bind(count, conversation.id, conversation.id, bob.user.id)
      .run();
    await env.DB.prepare("update conversations set version = ? where id = ?").bind(count, conversation.id).run();
    const a = await connect(path(conversation.id), { cookie: alice.cookie });
    await a.next("welcome");
    // The first message, one on each page's edge and the last are all the room's to quote.
    for (const i of [1, IMPORT_PAGE, IMPORT_PAGE + 1, count]) {
      expect(await acked(a, `answering ${i}`, { replyToId: `${conversation.id}-${i}` })).toMatchObject({
        replyTo: { content: `old ${i}` },
      });
    }
    expect((await acked(a, "and on")).seq).toBe(count + 5);
  });

  it("lose a deleted person's words in the room too: after the purge their message is gone there as in D1", async () => {
    const { alice, bob, conversation, a, b } = await directChat();
    const secret = await acked(a, "words that go with the account");
    await b.next("message.created", (m) => m.message.id === secret.id);
    await purgeAccount(env as AppEnv, openD1TestDb(), { id: alice.user.id, email: alice.user.email });
    // The room read the messages in again as the purge left them: nothing to quote any more.
    expect(await sendVia(b, "answering after", { replyToId: secret.id })).toMatchObject({
      type: "message.refused",
      code: "VALIDATION_FAILED",
    });
    expect((await history(bob, conversation.id)).items.find((m) => m.id === secret.id)).toMatchObject({
      content: "",
      sender: null,
    });
  });
});

/** A reaction through the API, set to the state asked for; answers the message as the API shows it. */
async function reacted(
  user: TestUser,
  message: { id: string; conversationId: string },
  emoji: string,
  active = true,
): Promise<ChatMessage> {
  // The API checks access to the message in D1, which has a message sent through the socket once settled.
  await conversationSettled(env, undefined, message.conversationId);
  const res = await call(`/api/messages/${message.id}/reactions`, { body: { emoji, active }, cookie: user.cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { message: ChatMessage }).message;
}

/** The room's `message.updated` frame of `messageId` at `version`. */
const updated = (socket: TestSocket, messageId: string, version: number) =>
  socket.next("message.updated", (m) => m.message.id === messageId && m.message.version === version).then((f) => f.message);

describe("reactions kept by the conversation's room", () => {
  it("are answered and fanned out by the room with counts and who reacted, as the API's history shows them", async () => {
    const clock = stopClock();
    const { alice, bob, conversation, a, b } = await directChat();
    const message = await acked(a, "party?");
    clock.set(Date.now() + 1000);
    const bobs = await reacted(bob, message, "🎉");
    const bobParty = { emoji: "🎉", count: 1, users: [{ id: bob.user.id, fullName: "Bob" }] };
    expect(bobs).toMatchObject({ version: message.version + 1, reactions: [bobParty] });
    expect(await updated(a, message.id, bobs.version)).toEqual(bobs);
    clock.set(Date.now() + 1000);
    const both = await reacted(alice, message, "🎉");
    const party = {
      emoji: "🎉",
      count: 2,
      users: [
        { id: bob.user.id, fullName: "Bob" },
        { id: alice.user.id, fullName: "Alice" },
      ],
    };
    expect(both.reactions).toEqual([party]);
    expect(await updated(b, message.id, both.version)).toEqual(both);
    clock.set(Date.now() + 1000);
    const heart = await reacted(alice, message, "❤️");
    expect(heart.reactions).toEqual([party, { emoji: "❤️", count: 1, users: [{ id: alice.user.id, fullName: "Alice" }] }]);
    // What the API reads from D1 is what the room showed.
    expect((await history(bob, conversation.id)).items).toEqual([heart]);

    // Off again: the reaction goes; a retry of either is answered as the message stands, with no new
    // version and no frame.
    clock.set(Date.now() + 1000);
    const off = await reacted(bob, message, "🎉", false);
    expect(off).toMatchObject({
      version: heart.version + 1,
      reactions: [{ emoji: "🎉", count: 1, users: [{ id: alice.user.id, fullName: "Alice" }] }, heart.reactions[1]],
    });
    expect(await updated(a, message.id, off.version)).toEqual(off);
    const from = a.frames.length;
    expect(await reacted(bob, message, "🎉", false)).toEqual(off);
    expect(await reacted(alice, message, "❤️")).toEqual(off);
    await a.expectNone("message.updated", from, 300);
    expect((await history(alice, conversation.id)).items).toEqual([off]);
    expect(await rows("select user_id, emoji from message_reactions where message_id = ? order by emoji", message.id)).toEqual([
      { user_id: alice.user.id, emoji: "❤️" },
      { user_id: alice.user.id, emoji: "🎉" },
    ]);
  });

  it("made in the same millisecond are ordered alike by the room and the API (by emoji, then person)", async () => {
    stopClock();
    const { alice, bob, conversation, a } = await directChat();
    const message = await acked(a, "same time");
    await reacted(bob, message, "🔥");
    await reacted(alice, message, "👏");
    const last = await reacted(alice, message, "🔥");
    const [first, second] = [alice, bob].sort((x, y) => (x.user.id < y.user.id ? -1 : 1));
    expect(last.reactions).toEqual([
      { emoji: "👏", count: 1, users: [{ id: alice.user.id, fullName: "Alice" }] },
      {
        emoji: "🔥",
        count: 2,
        users: [first, second].map((u) => ({ id: u!.user.id, fullName: u!.user.fullName })),
      },
    ]);
    expect(await updated(a, message.id, last.version)).toEqual(last);
    expect((await history(bob, conversation.id)).items).toEqual([last]);
  });

  it("go with a deleted message, in the room as in D1, and an edit keeps them", async () => {
    const { alice, bob, conversation, a, b } = await directChat();
    const message = await acked(a, "helo");
    await reacted(bob, message, "👍");
    const edit = await call(`/api/messages/${message.id}`, { method: "PATCH", body: { content: "hello" }, cookie: alice.cookie });
    expect(edit.status).toBe(200);
    const edited = ((await edit.json()) as { message: ChatMessage }).message;
    expect(edited).toMatchObject({ content: "hello", isEdited: true, reactions: [{ emoji: "👍", count: 1 }] });
    expect(await updated(b, message.id, edited.version)).toEqual(edited);
    const del = await call(`/api/messages/${message.id}`, { method: "DELETE", cookie: alice.cookie });
    expect(del.status).toBe(200);
    const deleted = ((await del.json()) as { message: ChatMessage }).message;
    expect(deleted).toMatchObject({ content: "", isDeleted: true, reactions: [] });
    expect(await updated(b, message.id, deleted.version)).toEqual(deleted);
    expect((await history(bob, conversation.id)).items).toEqual([deleted]);
    expect(await rows("select 1 from message_reactions where message_id = ?", message.id)).toEqual([]);
  });

  it("need no D1 on the way: with D1's reactions away the room answers and delivers, and D1 has it once back", async () => {
    const { alice, bob, conversation, a } = await directChat();
    const message = await acked(a, "before");
    await conversationSettled(env, undefined, conversation.id);
    await env.DB.exec("alter table message_reactions rename to message_reactions_away");
    let restored = false;
    try {
      const shown = await reacted(bob, message, "🔥");
      expect(shown.reactions).toEqual([{ emoji: "🔥", count: 1, users: [{ id: bob.user.id, fullName: "Bob" }] }]);
      expect(await updated(a, message.id, shown.version)).toEqual(shown);
      const failure = await conversationSettled(env, undefined, conversation.id).then(
        () => null,
        (error: unknown) => error,
      );
      expect(String(failure)).toContain("not written to D1 yet");
      await env.DB.exec("alter table message_reactions_away rename to message_reactions");
      restored = true;
      expect(await conversationSettled(env, undefined, conversation.id)).toBe(shown.version);
      expect(await rows("select user_id, emoji from message_reactions where message_id = ?", message.id)).toEqual([
        { user_id: bob.user.id, emoji: "🔥" },
      ]);
      expect((await history(alice, conversation.id)).items).toEqual([shown]);
    } finally {
      if (!restored) await env.DB.exec("alter table message_reactions_away rename to message_reactions");
    }
  });

  it("are read in from D1 with the conversation, with their names, and named up to the cap with an exact count", async () => {
    const alice = await createUser({ name: "Alice" });
    const bob = await createUser({ name: "Bob" });
    const conversation = await createConversation("direct", [alice.user.id, bob.user.id]);
    const id = crypto.randomUUID();
    await env.DB.prepare(
      `insert into messages (id, conversation_id, sender_id, content, message_type, seq, version, is_edited, is_deleted, created_at, updated_at)
       values (?, ?, ?, 'old', 'text', 1, 1, 0, 0, 1000, 1000)`,
    )
      .bind(id, conversation.id, alice.user.id)
      .run();
    await env.DB.prepare("update conversations set version = 1, last_message_id = ? where id = ?")
      .bind(id, conversation.id)
      .run();
    // More reactors than are named (people of other chats: only their reactions matter here), then Bob.
    const reactors = Array.from({ length: REACTION_USERS_MAX + 2 }, (_, i) => ({ id: newId(), name: `Reactor ${i}` }));
    await env.DB.batch([
      ...reactors.map((r) =>
        env.DB.prepare("insert into users (id, email, full_name, created_at, updated_at) values (?, ?, ?, 0, 0)").bind(
          r.id,
          `${r.id}@example.com`,
          r.name,
        ),
      ),
      ...reactors.map((r, i) =>
        env.DB.prepare("insert into message_reactions (message_id, user_id, emoji, created_at) values (?, ?, '👍', ?)").bind(
          id,
          r.id,
          2000 + i,
        ),
      ),
      env.DB.prepare("insert into message_reactions (message_id, user_id, emoji, created_at) values (?, ?, '😮', 1500)").bind(
        id,
        bob.user.id,
      ),
    ]);
    const a = await connect(path(conversation.id), { cookie: alice.cookie });
    await a.next("welcome");
    const old = { id, conversationId: conversation.id };
    const thumbs = {
      emoji: "👍",
      count: REACTION_USERS_MAX + 2,
      users: reactors.slice(0, REACTION_USERS_MAX).map((r) => ({ id: r.id, fullName: r.name })),
    };
    const smile = { emoji: "😮", count: 1, users: [{ id: bob.user.id, fullName: "Bob" }] };
    // Bob's reaction, asked again, changes nothing: answered from what the room read in.
    const again = await reacted(bob, old, "😮");
    expect(again).toMatchObject({ id, version: 1, reactions: [smile, thumbs] });
    const more = await reacted(alice, old, "👍");
    expect(more).toMatchObject({ version: 2, reactions: [smile, { ...thumbs, count: REACTION_USERS_MAX + 3 }] });
    expect(await updated(a, id, 2)).toEqual(more);
    expect((await history(bob, conversation.id)).items).toEqual([more]);
  });

  it("are read in by a room that read D1 in before it kept reactions", async () => {
    const { alice, bob, conversation, a } = await directChat();
    const message = await acked(a, "from before");
    const shown = await reacted(bob, message, "👏");
    // The room as it stood before it kept reactions: read in (mark 1), with none of them.
    await runInDurableObject(env.ConversationRoom.getByName(conversation.id), (_room, state) => {
      state.storage.sql.exec("delete from reactions");
      state.storage.sql.exec("update meta set value = 1 where key = 'imported'");
    });
    await closeAll();
    await evictDurableObject(env.ConversationRoom.getByName(conversation.id));
    // Asked again, nothing changes: the room answers with what it read in from D1 anew.
    expect(await reacted(bob, message, "👏")).toEqual(shown);
    expect((await reacted(alice, message, "👏")).reactions).toMatchObject([{ emoji: "👏", count: 2 }]);
  });

  it("of a purged person leave the room with the account", async () => {
    const alice = await createUser({ name: "Alice" });
    const bob = await createUser({ name: "Bob" });
    const carol = await createUser({ name: "Carol" });
    const community = await createCommunity(alice.user.id);
    await addMember(community.id, bob.user.id);
    await addMember(community.id, carol.user.id);
    const group = await createConversation("group", [alice.user.id, bob.user.id, carol.user.id], { communityId: community.id });
    const a = await connect(path(group.id), { cookie: alice.cookie });
    await a.next("welcome");
    const message = await acked(a, "vote");
    await reacted(bob, message, "👍");
    expect((await reacted(carol, message, "👍")).reactions).toMatchObject([{ emoji: "👍", count: 2 }]);
    await purgeAccount(env as AppEnv, openD1TestDb(), { id: carol.user.id, email: carol.user.email });
    const after = await reacted(alice, message, "🎉");
    expect(after.reactions).toEqual([
      { emoji: "👍", count: 1, users: [{ id: bob.user.id, fullName: "Bob" }] },
      { emoji: "🎉", count: 1, users: [{ id: alice.user.id, fullName: "Alice" }] },
    ]);
    expect(await updated(a, message.id, after.version)).toEqual(after);
    expect((await history(bob, group.id)).items).toEqual([after]);
  });
});
