import type { Client } from "@libsql/client/web";
import type { MiddlewareHandler } from "hono";

/**
 * What a request sent to the database, and how long it waited for the answers (overlapping waits both
 * count); and how many realtime rooms it called: those its writes tell once committed (worker/lib/commit.ts),
 * and a conversation's room it waits on (a message sent or changed there, or D1 settled behind it).
 */
export type QueryStats = { statements: number; roundTrips: number; waitMs: number; roomCalls: number };

/** Adds the time until `pending` settles to `stats.waitMs` (workerd's clock moves across I/O, which this is). */
function timed<T>(stats: QueryStats, pending: Promise<T>): Promise<T> {
  const start = performance.now();
  return pending.finally(() => {
    stats.waitMs += performance.now() - start;
  });
}

const originals = new WeakMap<object, D1PreparedStatement>();

function wrapStatement(statement: D1PreparedStatement, stats: QueryStats): D1PreparedStatement {
  const proxy = new Proxy(statement, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== "function") return value;
      if (prop === "bind") return (...args: unknown[]) => wrapStatement(target.bind(...args), stats);
      if (prop === "first" || prop === "all" || prop === "run" || prop === "raw") {
        return (...args: unknown[]) => {
          stats.statements += 1;
          stats.roundTrips += 1;
          return timed(stats, (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  originals.set(proxy, statement);
  return proxy;
}

/** A D1 handle that counts what a request sends: statements, and round trips (a batch is one). */
export function countingD1(d1: D1Database, stats: QueryStats): D1Database {
  return new Proxy(d1, {
    get(target, prop, receiver) {
      if (prop === "prepare") return (sql: string) => wrapStatement(target.prepare(sql), stats);
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          stats.statements += statements.length;
          stats.roundTrips += 1;
          return timed(stats, target.batch(statements.map((s) => originals.get(s) ?? s)));
        };
      }
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** A libSQL client that counts the same way: `execute` is one statement, a `batch` of N is N, one round trip each. */
export function countingLibsql(client: Client, stats: QueryStats): Client {
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== "function") return value;
      if (prop === "execute") {
        return (...args: unknown[]) => {
          stats.statements += 1;
          stats.roundTrips += 1;
          return timed(stats, (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        };
      }
      if (prop === "batch") {
        return (statements: unknown[], ...rest: unknown[]) => {
          stats.statements += statements.length;
          stats.roundTrips += 1;
          return timed(stats, (value as (...a: unknown[]) => Promise<unknown>).apply(target, [statements, ...rest]));
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

/** Counts a realtime room the request waited on (a conversation's send, change or `settled`), for Server-Timing. */
export function countRoomCall(stats: QueryStats | undefined): void {
  if (stats) stats.roomCalls += 1;
}

/**
 * Reports each request's D1 cost in a Server-Timing header, so tests and benchmarks can hold routes
 * to "a constant number of statements whatever the page size".
 */
export const queryCount =
  (): MiddlewareHandler<{
    Bindings: { DB: D1Database; DB_ENGINE?: string };
    Variables: { queryStats?: QueryStats };
  }> =>
  async (c, next) => {
    const stats: QueryStats = { statements: 0, roundTrips: 0, waitMs: 0, roomCalls: 0 };
    c.env = { ...c.env, DB: countingD1(c.env.DB, stats) };
    // On libSQL the database opens its own client: it counts into the same figures (worker/lib/db.ts).
    c.set("queryStats", stats);
    await next();
    if (c.res.status !== 101) {
      const engine = c.env.DB_ENGINE === "libsql" ? "libsql" : "d1";
      c.res.headers.append(
        "Server-Timing",
        `${engine};dur=${stats.waitMs.toFixed(1)};desc="statements=${stats.statements} round-trips=${stats.roundTrips}"`,
      );
      if (stats.roomCalls > 0) c.res.headers.append("Server-Timing", `realtime;desc="room-calls=${stats.roomCalls}"`);
    }
  };

export function parseQueryStats(header: string | null): QueryStats | null {
  const match = header?.match(/dur=([\d.]+);desc="statements=(\d+) round-trips=(\d+)"/);
  const rooms = header?.match(/realtime;desc="room-calls=(\d+)"/);
  return match
    ? { statements: Number(match[2]), roundTrips: Number(match[3]), waitMs: Number(match[1]), roomCalls: Number(rooms?.[1] ?? 0) }
    : null;
}
