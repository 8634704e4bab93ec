import { count, lt, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../lib/db";
import { idempotencyKeys, rateLimits, verifications } from "../../lib/tables";

/** Housekeeping the cron runs: drops rows that can no longer matter. */
const DAY = 24 * 60 * 60 * 1000;

/** How many rows go (counted in the same batch, before the delete), and the delete. */
const drop = (db: Db, table: SQLiteTable, stale: SQL) =>
  [db.select({ n: count() }).from(table).where(stale), db.delete(table).where(stale)] as const;

export async function cleanUp(db: Db, now = Date.now()) {
  const [rateLimitRows, , verificationRows, , idempotencyRows] = await db.batch([
    // Longest rate-limit window is an hour; a day leaves room for any window added later.
    ...drop(db, rateLimits, lt(rateLimits.windowStart, now - DAY)),
    // Expired verification and reset tokens are useless; better-auth only deletes the ones used.
    ...drop(db, verifications, lt(verifications.expiresAt, new Date(now))),
    ...drop(db, idempotencyKeys, lt(idempotencyKeys.createdAt, now - DAY)),
  ]);
  return {
    rateLimits: rateLimitRows[0]?.n ?? 0,
    verifications: verificationRows[0]?.n ?? 0,
    idempotencyKeys: idempotencyRows[0]?.n ?? 0,
  };
}
