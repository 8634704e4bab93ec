import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { databaseEngine, DatabaseConfigError, openDb } from "./db";

afterEach(() => vi.restoreAllMocks());

describe("the engine switch", () => {
  it("defaults to D1 and accepts only d1 or libsql", () => {
    expect(databaseEngine({})).toBe("d1");
    expect(databaseEngine({ DB_ENGINE: "" })).toBe("d1");
    expect(databaseEngine({ DB_ENGINE: "libsql" })).toBe("libsql");
    expect(() => databaseEngine({ DB_ENGINE: "postgres" })).toThrow(DatabaseConfigError);
    expect(() => databaseEngine({ DB_ENGINE: "LIBSQL" })).toThrow(/must be "d1" or "libsql"/);
  });

  it("runs on the D1 binding by default", async () => {
    const db = openDb({ DB: env.DB });
    expect(await db.get<{ n: number }>(sql`select 6 * 7 as n`)).toEqual({ n: 42 });
  });

  it("refuses a libSQL configuration the worker cannot reach", () => {
    expect(() => openDb({ DB: env.DB, DB_ENGINE: "libsql" })).toThrow(/LIBSQL_URL is not set/);
    expect(() => openDb({ DB: env.DB, DB_ENGINE: "libsql", LIBSQL_URL: "not a url" })).toThrow(/not a URL/);
    expect(() => openDb({ DB: env.DB, DB_ENGINE: "libsql", LIBSQL_URL: "file:local.db" })).toThrow(/not file:/);
  });

  it("talks to the libSQL server at LIBSQL_URL with the auth token (Hrana over HTTP)", async () => {
    const seen: { url: string; auth: string | null; body: unknown }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      seen.push({ url: request.url, auth: request.headers.get("authorization"), body: await request.json() });
      // The shape a libSQL server answers a pipeline of one statement and a close with.
      const result = {
        cols: [{ name: "n", decltype: null }],
        rows: [[{ type: "integer", value: "42" }]],
        affected_row_count: 0,
        last_insert_rowid: null,
      };
      return Response.json({
        baton: null,
        base_url: null,
        results: [
          { type: "ok", response: { type: "execute", result } },
          { type: "ok", response: { type: "close" } },
        ],
      });
    });
    const stats = { statements: 0, roundTrips: 0, waitMs: 0, roomCalls: 0 };
    const db = openDb(
      { DB: env.DB, DB_ENGINE: "libsql", LIBSQL_URL: "libsql://agora-db.example.com", LIBSQL_AUTH_TOKEN: "tok" },
      stats,
    );
    expect(await db.get<{ n: number }>(sql`select ${6} * 7 as n`)).toEqual({ n: 42 });
    // What the request's Server-Timing header reports on this engine.
    expect(stats).toMatchObject({ statements: 1, roundTrips: 1 });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe("https://agora-db.example.com/v2/pipeline");
    expect(seen[0]!.auth).toBe("Bearer tok");
    expect(JSON.stringify(seen[0]!.body)).toContain("select ? * 7 as n");
  });
});
