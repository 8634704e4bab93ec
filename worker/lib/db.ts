import type { BatchItem } from "drizzle-orm/batch";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import type { MiddlewareHandler } from "hono";
import * as schema from "../../db/schema";

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

/** The one place the environment's D1 binding becomes a database (the request's own, or the cron's). */
export function openDb(env: { DB: D1Database }): Db {
  const d1 = env.DB;
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
export const database = (): MiddlewareHandler<{ Bindings: { DB: D1Database }; Variables: { db: Db } }> => async (c, next) => {
  c.set("db", openDb(c.env));
  await next();
};
