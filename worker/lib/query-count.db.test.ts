import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openTestDb, testEngine } from "../../tests/test-db";
import type { QueryStats } from "./query-count";
import { users } from "./tables";

/** Server-Timing holds routes to a constant cost on either engine, so both must count alike. */
describe(`the database cost as counted on ${testEngine()}`, () => {
  it("counts a query as one statement and one round trip, a batch of N as N statements and one round trip", async () => {
    const stats: QueryStats = { statements: 0, roundTrips: 0, waitMs: 0, roomCalls: 0 };
    const db = await openTestDb(stats);
    await db.select({ id: users.id }).from(users).limit(1);
    expect(stats).toMatchObject({ statements: 1, roundTrips: 1 });
    const [one, rows] = await db.batch([db.get<{ n: number }>(sql`select ${1} as n`), db.select({ id: users.id }).from(users)]);
    expect(one).toEqual({ n: 1 });
    expect(Array.isArray(rows)).toBe(true);
    expect(stats).toMatchObject({ statements: 3, roundTrips: 2 });
  });
});
