import { sql } from "drizzle-orm";
import type { Db } from "./db";

/**
 * Cancels a person's active subscriptions (one of them, or all when `id` is left out): renewals stop,
 * access lasts to the end of the period already paid. Shared by the cancel button and the account
 * deletion request, which cancels them all.
 */
export const cancelSubscriptions = (db: Db, userId: string, now: number, id?: string) =>
  db.run(
    sql`update user_subscriptions set status = 'cancelled', cancelled_at = ${now}, retry_at = null, updated_at = ${now}
        where user_id = ${userId} and status = 'active'${id === undefined ? sql`` : sql` and id = ${id}`}`,
  );
