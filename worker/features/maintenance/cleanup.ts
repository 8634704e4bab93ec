/** Housekeeping the cron runs: drops rows that can no longer matter. */
const DAY = 24 * 60 * 60 * 1000;

export async function cleanUp(d1: D1Database, now = Date.now()) {
  const results = await d1.batch([
    // Longest rate-limit window is an hour; a day leaves room for any window added later.
    d1.prepare("delete from rate_limits where window_start < ?").bind(now - DAY),
    // Expired verification and reset tokens are useless; better-auth only deletes the ones used.
    d1.prepare("delete from verifications where expires_at < ?").bind(now),
    d1.prepare("delete from idempotency_keys where created_at < ?").bind(now - DAY),
  ]);
  return {
    rateLimits: results[0]!.meta.changes,
    verifications: results[1]!.meta.changes,
    idempotencyKeys: results[2]!.meta.changes,
  };
}
