import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../../common/ids";
import { seedCommunity, seedUser } from "../../../tests/db-fixtures";
import { openTestDb, testEngine } from "../../../tests/test-db";
import type { Db } from "../../lib/db";
import { pointEvents, userPoints } from "../../lib/tables";
import { awardStatements, reversalStatements } from "./points";

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});

/**
 * The ledger leans on the engine: an award's total moves only when its row landed (`changes()` of the
 * previous statement in the same batch), so both engines must run a batch in order on one connection.
 */
describe(`the points ledger on ${testEngine()}`, () => {
  async function world() {
    const owner = await seedUser(db);
    const earner = await seedUser(db);
    const community = await seedCommunity(db, owner.id);
    return { earner, community };
  }

  const total = async (userId: string, communityId: string) =>
    (
      await db
        .select({ points: userPoints.points })
        .from(userPoints)
        .where(and(eq(userPoints.userId, userId), eq(userPoints.communityId, communityId)))
    )[0]?.points ?? null;

  const award = (userId: string, communityId: string, sourceId: string, onlyIf?: ReturnType<typeof sql>) =>
    awardStatements(db, { userId, communityId, reason: "post_created", sourceKind: "post", sourceId }, onlyIf);

  it("awards once per source: a retried award changes neither the ledger nor the total", async () => {
    const { earner, community } = await world();
    const source = newId();
    await db.batch(award(earner.id, community.id, source) as [never, ...never[]]);
    await db.batch(award(earner.id, community.id, source) as [never, ...never[]]);
    expect(await total(earner.id, community.id)).toBe(10);
    const rows = await db.select().from(pointEvents).where(eq(pointEvents.sourceId, source));
    expect(rows).toHaveLength(1);
  });

  it("awards nothing when the guard does not hold, in the same batch as a write that does", async () => {
    const { earner, community } = await world();
    await db.batch([
      ...award(earner.id, community.id, newId(), sql`1 = 0`),
      ...award(earner.id, community.id, newId(), sql`1 = 1`),
    ] as [never, ...never[]]);
    expect(await total(earner.id, community.id)).toBe(10);
  });

  it("reverses exactly what a source earned, once, and the total never goes below zero", async () => {
    const { earner, community } = await world();
    const kept = newId();
    const undone = newId();
    await db.batch([...award(earner.id, community.id, kept), ...award(earner.id, community.id, undone)] as [never, ...never[]]);
    expect(await total(earner.id, community.id)).toBe(20);

    const sources = sql`pe.source_kind = 'post' and pe.source_id = ${undone}`;
    await db.batch(reversalStatements(db, community.id, sources) as [never, ...never[]]);
    await db.batch(reversalStatements(db, community.id, sources) as [never, ...never[]]);
    expect(await total(earner.id, community.id)).toBe(10);
    const ledger = await db
      .select({ amount: pointEvents.amount, reason: pointEvents.reason })
      .from(pointEvents)
      .where(eq(pointEvents.sourceId, undone));
    expect(ledger.sort((a, b) => b.amount - a.amount)).toEqual([
      { amount: 10, reason: "post_created" },
      { amount: -10, reason: "post_created_reversed" },
    ]);

    // A ledger that sums below zero (its awards removed by hand, its reversal left) totals zero, not -10.
    await db.run(sql`delete from point_events where user_id = ${earner.id} and amount > 0`);
    const everything = sql`pe.source_kind = 'post' and pe.user_id = ${earner.id}`;
    await db.batch(reversalStatements(db, community.id, everything) as [never, ...never[]]);
    expect(await total(earner.id, community.id)).toBe(0);
  });
});
