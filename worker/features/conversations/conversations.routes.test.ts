import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addMember, call, createCommunity, createConversation, createUser } from "../../../tests/factories";
import type { ConversationSummary } from "../../../common/contract/conversations";

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
      env.DB.prepare("update conversation_participants set unread_count = 3 where conversation_id = ? and user_id = ?").bind(
        direct.id,
        me.user.id,
      ),
      env.DB.prepare("update conversation_participants set unread_count = 2 where conversation_id = ? and user_id = ?").bind(
        group.id,
        me.user.id,
      ),
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

    const count = (await (await call("/api/conversations/unread-count", { cookie: me.cookie })).json()) as { count: number };
    expect(count.count).toBe(5);
  });

  it("rejects a bad limit", async () => {
    const me = await createUser();
    expect((await call("/api/conversations?limit=-1", { cookie: me.cookie })).status).toBe(422);
  });
});
