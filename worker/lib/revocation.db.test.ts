import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seedCommunity, seedConversation, seedUser } from "../../tests/db-fixtures";
import { openTestDb, testEngine } from "../../tests/test-db";
import type { Db } from "./db";
import { revocationStatement, type RevokeEffect } from "./revocation";

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});

describe(`what a revocation reads on ${testEngine()}`, () => {
  async function world() {
    const [owner, ana, beso, gia] = [await seedUser(db), await seedUser(db), await seedUser(db), await seedUser(db)];
    const community = await seedCommunity(db, owner.id);
    const other = await seedCommunity(db, owner.id);
    const anasChat = await seedConversation(db, "group", [owner.id, ana.id], { communityId: community.id });
    const besosChat = await seedConversation(db, "group", [owner.id, beso.id], { communityId: community.id });
    // Not the community's group chats: a direct chat, and a group chat of another community.
    await seedConversation(db, "direct", [ana.id, beso.id]);
    await seedConversation(db, "group", [ana.id, beso.id], { communityId: other.id });
    return { community, ana, beso, gia, anasChat, besosChat };
  }
  const read = async (effect: Omit<RevokeEffect, "effect" | "keep">) => {
    const [row] = await revocationStatement(db, { effect: "revoke", keep: [], ...effect });
    return { applies: Number(row!.applies), conversationIds: (row!.conversationIds?.split(",") ?? []).sort() };
  };

  it("names the community's group chats the people were in, all of them when everyone loses access", async () => {
    const w = await world();
    const c = w.community.id;
    expect(await read({ communityId: c, userIds: [w.ana.id] })).toEqual({ applies: 1, conversationIds: [w.anasChat.id] });
    expect(await read({ communityId: c, userIds: [w.ana.id, w.beso.id] })).toEqual({
      applies: 1,
      conversationIds: [w.anasChat.id, w.besosChat.id].sort(),
    });
    expect(await read({ communityId: c, userIds: [w.gia.id] })).toEqual({ applies: 1, conversationIds: [] });
    expect(await read({ communityId: c, userIds: null })).toEqual({
      applies: 1,
      conversationIds: [w.anasChat.id, w.besosChat.id].sort(),
    });
  });

  it("applies only when the write that ends the access really happened", async () => {
    const w = await world();
    const c = w.community.id;
    expect((await read({ communityId: c, userIds: [w.ana.id], onlyIf: sql`1 = 0` })).applies).toBe(0);
    expect((await read({ communityId: c, userIds: [w.ana.id], onlyIf: sql`1 = 1` })).applies).toBe(1);
  });
});
