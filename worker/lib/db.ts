import { createClient, type Client } from "@libsql/client/web";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import { drizzle as drizzleLibsql } from "drizzle-orm/libsql/web";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import type { MiddlewareHandler } from "hono";
import * as schema from "../../db/schema";
import { countingLibsql, type QueryStats } from "./query-count";

type Schema = typeof schema;

/**
 * The database as a request sees it: drizzle's builder, its `sql` template, `all/get/run/values` and
 * `batch`, which the D1 and libSQL drivers share. The run result is left `unknown` on purpose: D1 and
 * libSQL report affected rows differently, so writes that need to know what they touched use
 * `returning`.
 *
 * Batches answer rows as objects keyed by column name: a builder select whose columns share a name
 * (the `id` of two joined tables) would lose one in a batch, so such selects alias their columns.
 */
export type Db = BaseSQLiteDatabase<"async", unknown, Schema> & { batch: DrizzleD1Database<Schema>["batch"] };

/** A statement that can go into a batch: a builder query, or `db.all/get/run/values` over the `sql` template. */
export type Statement = BatchItem<"sqlite">;
export type ResultOf<Q extends Statement> = Q["_"]["result"];

/**
 * Runs statements as one batch, one round trip, in order and atomically, for writes built up step by
 * step. Answers a reader: `read(query)` is the typed result of a statement that was in the batch.
 */
export async function batch(db: Db, statements: Statement[]) {
  const results: unknown[] = statements.length > 0 ? await db.batch(statements as [Statement, ...Statement[]]) : [];
  return <Q extends Statement>(query: Q): ResultOf<Q> => {
    const at = statements.indexOf(query);
    if (at < 0) throw new Error("read() of a statement that was not in the batch");
    return results[at] as ResultOf<Q>;
  };
}

/** The database's own message behind a failed statement (drizzle wraps it with the query and its values). */
export function dbErrorMessage(error: unknown): string {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  return String(cause instanceof Error ? cause.message : cause);
}

/** Whether a statement failed on a unique constraint. */
export const isUniqueViolation = (error: unknown) => dbErrorMessage(error).includes("UNIQUE");

type Prepared = { getQuery(): { sql: string; params: unknown[] }; mapResult(result: unknown, isFromBatch: boolean): unknown };

/** What the engine choice reads: the D1 binding (or the request's D1 session) and, for libSQL, where it is. */
export type DatabaseConfig = {
  DB: D1Database;
  /** "d1" (default) or "libsql". */
  DB_ENGINE?: string;
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
};

export type DatabaseEngine = "d1" | "libsql";

/** A misconfiguration the operator has to fix: the message names the setting. */
export class DatabaseConfigError extends Error {
  override name = "DatabaseConfigError";
}

export function databaseEngine(config: Pick<DatabaseConfig, "DB_ENGINE">): DatabaseEngine {
  const engine = config.DB_ENGINE?.trim() || "d1";
  if (engine === "d1" || engine === "libsql") return engine;
  throw new DatabaseConfigError(`DB_ENGINE must be "d1" or "libsql", not ${JSON.stringify(config.DB_ENGINE)}.`);
}

/** Inside workerd a libSQL database is reached over the network: file: and memory URLs cannot work. */
const remoteSchemes = new Set(["libsql:", "https:", "http:", "wss:", "ws:"]);

function libsqlUrl(config: DatabaseConfig): string {
  const url = config.LIBSQL_URL?.trim();
  if (!url) throw new DatabaseConfigError('DB_ENGINE is "libsql" but LIBSQL_URL is not set.');
  let scheme: string;
  try {
    scheme = new URL(url).protocol;
  } catch {
    throw new DatabaseConfigError("LIBSQL_URL is not a URL.");
  }
  if (!remoteSchemes.has(scheme)) {
    throw new DatabaseConfigError(`LIBSQL_URL must be a libsql:, https:, http:, wss: or ws: URL in the worker, not ${scheme}`);
  }
  return url;
}

/**
 * The one place the environment becomes a database (the request's own, or the cron's), on the
 * configured engine: drizzle over `env.DB` (D1, or the request's D1 session when the session
 * middleware ran first) or over a libSQL server. A libSQL client per call: the web client talks HTTP
 * and Workers do not share I/O objects between requests.
 */
export function openDb(env: DatabaseConfig, stats?: QueryStats): Db {
  if (databaseEngine(env) === "d1") return openD1(env.DB);
  const client = createClient({ url: libsqlUrl(env), authToken: env.LIBSQL_AUTH_TOKEN });
  return openLibsql(stats ? countingLibsql(client, stats) : client);
}

/** Drizzle over a libSQL client (`@libsql/client/web` in workerd, `@libsql/client` in Node). */
export function openLibsql(client: Client): Db {
  const db = drizzleLibsql(client, { schema }) as unknown as Db;
  // drizzle-orm 0.45's libSQL driver throws on an `sql`-template `get` that finds no row (it normalises
  // the missing row), where D1 answers undefined: a stale session cookie or an unknown id would be a 500
  // instead of a 401 or 404. The first row of `all` is the same answer on both engines.
  // The query object stays drizzle's own (a batch takes it as it is, and reads a missing row right).
  const get = db.get.bind(db);
  const all = db.all.bind(db);
  db.get = ((query: Parameters<Db["get"]>[0]) =>
    Object.assign(get(query), { execute: async () => (await all(query))[0] })) as Db["get"];
  return db;
}

/** Drizzle over a D1 binding or session. */
export function openD1(d1: D1Database): Db {
  const db = drizzle(d1, { schema });
  // drizzle-orm 0.45's D1 batch binds each item through the D1 statement its builder prepared, which
  // `sql`-template queries (db.all/get/run/values) do not have. This batch prepares every item from its
  // SQL, so builder and template statements mix in one batch, still one D1 batch call.
  db.batch = (async (items: { _prepare(): Prepared }[]) => {
    const prepared = items.map((item) => item._prepare());
    const statements = prepared.map((p) => {
      const { sql, params } = p.getQuery();
      return d1.prepare(sql).bind(...params);
    });
    const results = await d1.batch(statements);
    return results.map((result, i) => prepared[i]!.mapResult(result, true));
  }) as unknown as typeof db.batch;
  return db;
}

/**
 * Puts the request's database on `c.var.db`. Mounted after the Server-Timing counter, so what it sends
 * is counted: a batch of N statements is N statements and one round trip.
 */
export const database =
  (): MiddlewareHandler<{
    Bindings: DatabaseConfig;
    Variables: { db: Db; queryStats?: QueryStats };
  }> =>
  async (c, next) => {
    c.set("db", openDb(c.env, c.get("queryStats")));
    await next();
  };
