import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDb } from "./db";
import { countingD1, type QueryStats } from "./query-count";
import { users } from "./tables";

describe("D1 cost through drizzle", () => {
  it("counts a builder query and a template query as one statement and one round trip each", async () => {
    const stats: QueryStats = { statements: 0, roundTrips: 0, waitMs: 0, roomCalls: 0 };
    const db = openDb({ DB: countingD1(env.DB, stats) });
    await db.select({ id: users.id }).from(users).limit(1);
    expect(stats).toMatchObject({ statements: 1, roundTrips: 1 });
    await db.get(sql`select ${1} as one`);
    expect(stats).toMatchObject({ statements: 2, roundTrips: 2 });
  });

  it("counts a batch of N statements as N statements in one round trip, builder and template mixed", async () => {
    const stats: QueryStats = { statements: 0, roundTrips: 0, waitMs: 0, roomCalls: 0 };
    const db = openDb({ DB: countingD1(env.DB, stats) });
    const [one, two, rows] = await db.batch([
      db.get<{ n: number }>(sql`select ${1} as n`),
      db.all<{ n: number }>(sql`select ${2} as n`),
      db.select({ id: users.id }).from(users).limit(1),
    ]);
    expect(one).toEqual({ n: 1 });
    expect(two).toEqual([{ n: 2 }]);
    expect(Array.isArray(rows)).toBe(true);
    expect(stats).toMatchObject({ statements: 3, roundTrips: 1 });
  });
});
