import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../common/ids";
import { seedCommunity, seedUser } from "../../tests/db-fixtures";
import { stopClock } from "../../tests/clock";
import { openTestDb, testEngine } from "../../tests/test-db";
import type { Db } from "./db";
import { notifications, pointDays, pointEvents, userPoints } from "./tables";
import { awardStatements, dayOf, reversalStatements } from "./points";

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

  const run = (statements: unknown[]) => db.batch(statements as [never, ...never[]]);

  const sums = async (userId: string, communityId: string) => {
    const [row] = await db.all<{ ledger: number; days: number; total: number | null }>(
      sql`select (select coalesce(sum(amount), 0) from point_events where user_id = ${userId} and community_id = ${communityId}) as ledger,
            (select coalesce(sum(points), 0) from point_days where user_id = ${userId} and community_id = ${communityId}) as days,
            (select points from user_points where user_id = ${userId} and community_id = ${communityId}) as total`,
    );
    return row!;
  };

  it("keeps the daily sums equal to the ledger through random awards and reversals", async () => {
    const { earner, community } = await world();
    const other = await seedUser(db);
    const people = [earner.id, other.id];
    const live: { userId: string; source: string }[] = [];
    // A fixed-seed generator: the same walk every run, so a failure can be replayed.
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let step = 0; step < 40; step++) {
      const undo = live.length > 0 && random() < 0.4;
      if (undo) {
        const [gone] = live.splice(Math.floor(random() * live.length), 1);
        await run(reversalStatements(db, community.id, sql`pe.source_kind = 'post' and pe.source_id = ${gone!.source}`));
      } else {
        const userId = people[Math.floor(random() * people.length)]!;
        const source = random() < 0.2 && live.length > 0 ? live[0]!.source : newId();
        await run(award(userId, community.id, source));
        if (!live.some((l) => l.source === source)) live.push({ userId, source });
      }
      for (const userId of people) {
        const { ledger, days, total } = await sums(userId, community.id);
        expect(days).toBe(ledger);
        expect(total ?? 0).toBe(Math.max(0, ledger));
      }
    }
  });

  it("sums each UTC day on its own: a day's row counts only what was earned or reversed that day", async () => {
    const { earner, community } = await world();
    const lateYesterday = Date.UTC(2026, 10, 28, 23, 59);
    const earlyToday = Date.UTC(2026, 10, 29, 0, 1);
    const clock = stopClock(lateYesterday);
    const yesterdays = newId();
    await run(award(earner.id, community.id, yesterdays));
    clock.set(earlyToday);
    await run(award(earner.id, community.id, newId()));
    await run(award(earner.id, community.id, newId()));
    const days = async () =>
      (
        await db
          .select({ day: pointDays.day, points: pointDays.points })
          .from(pointDays)
          .where(and(eq(pointDays.userId, earner.id), eq(pointDays.communityId, community.id)))
      ).sort((a, b) => a.day - b.day);
    expect(await days()).toEqual([
      { day: dayOf(lateYesterday), points: 10 },
      { day: dayOf(earlyToday), points: 20 },
    ]);
    // Yesterday's award undone today: today's row loses it, yesterday's keeps what was earned then.
    await run(reversalStatements(db, community.id, sql`pe.source_kind = 'post' and pe.source_id = ${yesterdays}`));
    expect(await days()).toEqual([
      { day: dayOf(lateYesterday), points: 10 },
      { day: dayOf(earlyToday), points: 10 },
    ]);
  });

  const levelUps = async (userId: string, communityId: string) =>
    (
      await db.all<{ data: string }>(
        sql`select data from notifications where recipient_id = ${userId} and community_id = ${communityId}
            and type = 'ACHIEVEMENT_EARNED' order by created_at, rowid`,
      )
    ).map((r) => (JSON.parse(r.data) as { level: number }).level);

  it("announces each level once, never again after the points are lost and earned back", async () => {
    const { earner, community } = await world();
    const first = newId();
    await run(award(earner.id, community.id, first));
    expect(await levelUps(earner.id, community.id)).toEqual([2]);

    await run(reversalStatements(db, community.id, sql`pe.source_kind = 'post' and pe.source_id = ${first}`));
    expect((await sums(earner.id, community.id)).total).toBe(0);
    await run(award(earner.id, community.id, newId()));
    expect(await levelUps(earner.id, community.id)).toEqual([2]);

    // 10 -> 20 points: level 3; a jump over several levels announces the level reached.
    await run(award(earner.id, community.id, newId()));
    expect(await levelUps(earner.id, community.id)).toEqual([2, 3]);
    await run([
      ...award(earner.id, community.id, newId()),
      ...Array.from({ length: 5 }, () => award(earner.id, community.id, newId())).flat(),
    ]);
    expect((await sums(earner.id, community.id)).total).toBe(80);
    expect(await levelUps(earner.id, community.id)).toEqual([2, 3, 4]);
  });

  it("gives a level-up notice the id the write path chose for it, so it can read it back and push it", async () => {
    const { earner, community } = await world();
    const levelUpId = newId();
    await run(
      awardStatements(db, {
        userId: earner.id,
        communityId: community.id,
        reason: "post_created",
        sourceKind: "post",
        sourceId: newId(),
        levelUpId,
      }),
    );
    const rows = await db
      .select({ id: notifications.id, type: notifications.type })
      .from(notifications)
      .where(and(eq(notifications.recipientId, earner.id), eq(notifications.communityId, community.id)));
    expect(rows).toEqual([{ id: levelUpId, type: "ACHIEVEMENT_EARNED" }]);
  });

  it("announces nothing for an award whose guard failed", async () => {
    const { earner, community } = await world();
    await run(award(earner.id, community.id, newId(), sql`1 = 0`));
    expect(await levelUps(earner.id, community.id)).toEqual([]);
  });
});
