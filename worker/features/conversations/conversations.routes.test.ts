import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addMember, call, createCommunity, createConversation, createUser } from "../../../tests/factories";
import type { ConversationSummary } from "../../../common/contract/conversations";

type Sent = [senderId: string, seq: number, opts?: { deleted?: boolean }];

/** Messages as stored, at the given positions of a conversation. */
const messages = (conversationId: string, sent: Sent[]) =>
  sent.map(([senderId, seq, opts]) =>
    env.DB.prepare(
      "insert into messages (id, conversation_id, sender_id, content, seq, version, is_deleted, created_at, updated_at) values (?, ?, ?, 'hi', ?, ?, ?, ?, ?)",
    ).bind(crypto.randomUUID(), conversationId, senderId, seq, seq, opts?.deleted ? 1 : 0, Date.now(), Date.now()),
  );

const unreadOf = async (cookie: string) =>
  ((await (await call("/api/conversations/unread-count", { cookie })).json()) as { count: number }).count;

const summaries = async (cookie: string) =>
  ((await (await call("/api/conversations?limit=20", { cookie })).json()) as { items: ConversationSummary[] }).items;

describe("conversation summaries", () => {
  it("need a session", async () => {
    expect((await call("/api/conversations")).status).toBe(401);
    expect((await call("/api/conversations/unread-count")).status).toBe(401);
  });

  it("list the user's conversations by recent activity with the other person and unread counts", async () => {
    const me = await createUser({ name: "Me Myself" });
    const friend = await createUser({ name: "Friend Person" });
    const stranger = await createUser();
    const direct = await createConversation("direct", [me.user.id, friend.user.id]);
    const community = await createCommunity(friend.user.id);
    await addMember(community.id, me.user.id);
    const group = await createConversation("group", [me.user.id, friend.user.id], {
      name: "Book club",
      communityId: community.id,
    });
    await createConversation("direct", [friend.user.id, stranger.user.id]);
    const t = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        "update conversations set last_message_id = 'm1', last_message_preview = 'See you at 6', last_message_sender_id = ?, last_message_at = ? where id = ?",
      ).bind(friend.user.id, t, direct.id),
      // Direct: three from the friend after my read mark count; one before it, my own, and a deleted one do not.
      ...messages(direct.id, [
        [friend.user.id, 1],
        [friend.user.id, 2],
        [me.user.id, 3],
        [friend.user.id, 4],
        [friend.user.id, 5, { deleted: true }],
        [friend.user.id, 6],
      ]),
      env.DB.prepare("update conversation_participants set last_read_seq = 1 where conversation_id = ? and user_id = ?").bind(
        direct.id,
        me.user.id,
      ),
      ...messages(group.id, [
        [friend.user.id, 1],
        [friend.user.id, 2],
      ]),
    ]);

    const { items } = (await (await call("/api/conversations?limit=3", { cookie: me.cookie })).json()) as {
      items: ConversationSummary[];
    };
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      id: direct.id,
      type: "direct",
      title: "Friend Person",
      unreadCount: 3,
      lastMessage: { content: "See you at 6" },
    });
    expect(items[1]).toMatchObject({ id: group.id, type: "group", title: "Book club", lastMessage: null, unreadCount: 2 });

    expect(await unreadOf(me.cookie)).toBe(5);
    // The friend's side: my one message counts for them, in the direct chat only.
    expect(await unreadOf(friend.cookie)).toBe(1);
  });

  it("show a direct chat nobody has written in only to the one who opened it, and to both after its first message", async () => {
    const opener = await createUser();
    const other = await createUser();
    const chat = await createConversation("direct", [opener.user.id, other.user.id]);
    expect((await summaries(opener.cookie)).map((c) => c.id)).toEqual([chat.id]);
    expect(await summaries(other.cookie)).toEqual([]);
    const sent = await call(`/api/conversations/${chat.id}/messages`, {
      body: { content: "Hello there", id: crypto.randomUUID() },
      cookie: opener.cookie,
    });
    expect(sent.status).toBe(201);
    expect(await summaries(other.cookie)).toMatchObject([{ id: chat.id, lastMessage: { content: "Hello there" } }]);
  });

  it("count unread messages up to 100, which the badge shows as 99+", async () => {
    const me = await createUser();
    const friend = await createUser();
    const direct = await createConversation("direct", [me.user.id, friend.user.id]);
    await env.DB.batch(
      messages(
        direct.id,
        Array.from({ length: 130 }, (_, i): Sent => [friend.user.id, i + 1]),
      ),
    );
    expect((await summaries(me.cookie))[0]).toMatchObject({ id: direct.id, unreadCount: 100 });
    expect(await unreadOf(me.cookie)).toBe(100);
    await env.DB.prepare("update conversation_participants set last_read_seq = 125 where conversation_id = ? and user_id = ?")
      .bind(direct.id, me.user.id)
      .run();
    expect(await unreadOf(me.cookie)).toBe(5);
  });

  it("leave out a group's messages from someone on the other side of a block, both ways, and count them again on unblock", async () => {
    const me = await createUser();
    const friend = await createUser();
    const blocked = await createUser();
    const community = await createCommunity(friend.user.id);
    await addMember(community.id, me.user.id);
    await addMember(community.id, blocked.user.id);
    const group = await createConversation("group", [me.user.id, friend.user.id, blocked.user.id], {
      name: "Trail talk",
      communityId: community.id,
    });
    await env.DB.batch(
      messages(group.id, [
        [friend.user.id, 1],
        [blocked.user.id, 2],
        [blocked.user.id, 3],
        [me.user.id, 4],
      ]),
    );
    expect(await unreadOf(me.cookie)).toBe(3);
    for (const [blocker, target] of [
      [me.user.id, blocked.user.id],
      [blocked.user.id, me.user.id],
    ]) {
      await env.DB.prepare("insert into blocked_users (blocker_id, blocked_id, created_at) values (?, ?, ?)")
        .bind(blocker, target, Date.now())
        .run();
      expect(await unreadOf(me.cookie)).toBe(1);
      expect((await summaries(me.cookie)).find((c) => c.id === group.id)?.unreadCount).toBe(1);
      // The other side does not count mine either.
      expect(await unreadOf(blocked.cookie)).toBe(1);
      await env.DB.prepare("delete from blocked_users where blocker_id = ? and blocked_id = ?").bind(blocker, target).run();
    }
    expect(await unreadOf(me.cookie)).toBe(3);
  });

  it("rejects a bad limit", async () => {
    const me = await createUser();
    expect((await call("/api/conversations?limit=-1", { cookie: me.cookie })).status).toBe(422);
  });
});
