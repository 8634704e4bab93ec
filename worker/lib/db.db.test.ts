import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../common/ids";
import { seedCommunity, seedUser } from "../../tests/db-fixtures";
import { openTestDb, testEngine } from "../../tests/test-db";
import * as schema from "../../db/schema";
import type { Db } from "./db";

// What the data layer relies on from the engine, checked on D1 (workerd project) and libSQL (Node project).
let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});

describe(`the database contract on ${testEngine()}`, () => {
  it("round-trips JSON, boolean and millisecond-date columns", async () => {
    const owner = await seedUser(db);
    const { id } = await seedCommunity(db, owner.id, {
      isPaid: true,
      imageUrls: ["/files/a.png", "/files/b.png"],
      planLimits: { maxMembers: null },
    });
    const [row] = await db.select().from(schema.communities).where(eq(schema.communities.id, id));
    expect(row).toMatchObject({
      isPaid: true,
      archived: false,
      imageUrls: ["/files/a.png", "/files/b.png"],
      planLimits: { maxMembers: null },
    });
    const [user] = await db.select().from(schema.users).where(eq(schema.users.id, owner.id));
    expect(user!.createdAt).toBeInstanceOf(Date);
    expect(user!.emailVerified).toBe(true);
  });

  it("runs a batch all or nothing", async () => {
    const owner = await seedUser(db);
    const id = newId();
    const insert = () =>
      db
        .insert(schema.communities)
        .values({ id, name: "Twice", description: "", categoryKey: "technology", creatorId: owner.id });
    await expect(db.batch([insert(), insert()])).rejects.toThrow();
    expect(await db.select({ id: schema.communities.id }).from(schema.communities).where(eq(schema.communities.id, id))).toEqual(
      [],
    );
  });

  it("returns each statement's rows from a batch, in order", async () => {
    const owner = await seedUser(db);
    const [inserted, counted] = await db.batch([
      db
        .insert(schema.communities)
        .values({ name: "Batch", description: "", categoryKey: "technology", creatorId: owner.id })
        .returning({ name: schema.communities.name }),
      db.select({ id: schema.communities.id }).from(schema.communities).where(eq(schema.communities.creatorId, owner.id)),
    ]);
    expect(inserted).toEqual([{ name: "Batch" }]);
    expect(counted).toHaveLength(1);
  });

  // drizzle-orm 0.45's own D1 batch cannot bind a sql-template statement that has parameters; openD1's
  // batch prepares every item from its SQL, so both engines take this.
  it("mixes builder and sql-template statements in one batch", async () => {
    const owner = await seedUser(db, { fullName: "Mixed" });
    const [names, all, one] = await db.batch([
      db.select({ fullName: schema.users.fullName }).from(schema.users).where(eq(schema.users.id, owner.id)),
      db.all<{ n: number }>(sql`select count(*) as n from ${schema.users} where ${schema.users.id} = ${owner.id}`),
      db.get<{ two: number }>(sql`select 2 as two`),
    ]);
    expect(names).toEqual([{ fullName: "Mixed" }]);
    expect(all).toEqual([{ n: 1 }]);
    expect(one).toEqual({ two: 2 });
  });

  it("enforces foreign keys", async () => {
    const user = await seedUser(db);
    await expect(
      db.insert(schema.communityMembers).values({ communityId: "no-such-community", profileId: user.id, role: "member" }),
    ).rejects.toThrow();
  });

  it("skips a conflicting insert with onConflictDoNothing and reports no row", async () => {
    const owner = await seedUser(db);
    const { id } = await seedCommunity(db, owner.id);
    const rows = await db
      .insert(schema.communityMembers)
      .values({ communityId: id, profileId: owner.id, role: "member" })
      .onConflictDoNothing()
      .returning();
    expect(rows).toEqual([]);
  });
});
