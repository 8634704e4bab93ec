import { and, eq } from "drizzle-orm";
import { newId } from "../../../common/ids";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../lib/db";
import * as schema from "../../lib/tables";
import { seedCommunity, seedConversation, seedUser } from "../../../tests/db-fixtures";
import { openTestDb, testEngine } from "../../../tests/test-db";
import { listConversationSummaries, unreadMessagesCount } from "./conversations.queries";

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});

describe(`conversation queries on ${testEngine()}`, () => {
  it("lists my conversations by latest activity, naming a direct chat after the other person", async () => {
    const me = await seedUser(db, { fullName: "Ana" });
    const friend = await seedUser(db, { fullName: "Levan" });
    const community = await seedCommunity(db, me.id);
    const t = Date.now();
    const direct = await seedConversation(db, "direct", [me.id, friend.id], {
      lastMessageId: "m1",
      lastMessagePreview: "See you",
      lastMessageSenderId: friend.id,
      lastMessageAt: t - 1000,
    });
    const group = await seedConversation(db, "group", [me.id, friend.id], {
      name: "Study group",
      communityId: community.id,
      createdAt: t,
    });
    await seedConversation(db, "group", [friend.id], { name: "Not mine" });
    // Three from Levan after Ana's read mark, one before it, and Ana's own: Ana has 3 unread, Levan 1.
    await db.insert(schema.messages).values(
      [friend.id, friend.id, friend.id, friend.id, me.id].map((senderId, i) => ({
        id: newId(),
        conversationId: direct.id,
        senderId,
        content: "hi",
        seq: i + 1,
        version: i + 1,
      })),
    );
    await db
      .update(schema.conversationParticipants)
      .set({ lastReadSeq: 1 })
      .where(
        and(eq(schema.conversationParticipants.conversationId, direct.id), eq(schema.conversationParticipants.userId, me.id)),
      );

    const list = await listConversationSummaries(db, me.id, 10);
    expect(list.map((c) => c.id)).toEqual([group.id, direct.id]);
    expect(list[0]).toMatchObject({ type: "group", title: "Study group", avatarUrl: null, lastMessage: null, unreadCount: 0 });
    expect(list[1]).toMatchObject({
      type: "direct",
      title: "Levan",
      lastMessage: { content: "See you", senderId: friend.id, createdAt: t - 1000 },
      unreadCount: 3,
    });
    expect(await listConversationSummaries(db, me.id, 1)).toHaveLength(1);
    expect(await unreadMessagesCount(db, me.id)).toBe(3);
    expect(await unreadMessagesCount(db, friend.id)).toBe(1);
  });
});
