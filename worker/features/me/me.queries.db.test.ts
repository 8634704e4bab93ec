import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../lib/db";
import { seedCommunity, seedMember, seedUser } from "../../../tests/db-fixtures";
import { openTestDb, testEngine } from "../../../tests/test-db";
import { listMyCommunities } from "./me.queries";

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});

describe(`my communities on ${testEngine()}`, () => {
  it("lists the ones I created first, then by most recent join, with what I may do in each", async () => {
    const me = await seedUser(db);
    const other = await seedUser(db);
    const mine = await seedCommunity(db, me.id, { name: "Mine", archived: true, imageUrls: ["/files/x.png"] });
    const older = await seedCommunity(db, other.id, { name: "Joined first" });
    const newer = await seedCommunity(db, other.id, { name: "Joined later" });
    await seedMember(db, older.id, me.id, "moderator");
    await new Promise((resolve) => setTimeout(resolve, 5));
    await seedMember(db, newer.id, me.id, "admin");
    await seedCommunity(db, other.id, { name: "Not mine" });

    const list = await listMyCommunities(db, me);
    expect(list.map((c) => c.name)).toEqual(["Mine", "Joined later", "Joined first"]);
    expect(list[0]).toMatchObject({
      id: mine.id,
      isCreator: true,
      role: "admin",
      archived: true,
      imageUrls: ["/files/x.png"],
      canManage: true,
      canEdit: false,
    });
    expect(list[1]).toMatchObject({ id: newer.id, isCreator: false, role: "admin", canManage: true, canEdit: true });
    expect(list[2]).toMatchObject({ id: older.id, role: "moderator", canManage: false, canEdit: false });
  });
});
