import { and, eq } from "drizzle-orm";
import type { Db } from "./db";
import { userSubscriptions as subs } from "./tables";

/**
 * Cancels a person's active subscriptions (one of them, or all when `id` is left out): renewals stop,
 * access lasts to the end of the period already paid. Shared by the cancel button and the account
 * deletion request, which cancels them all.
 */
export const cancelSubscriptions = (db: Db, userId: string, now: number, id?: string) =>
  db
    .update(subs)
    .set({ status: "cancelled", cancelledAt: now, retryAt: null, updatedAt: now })
    .where(and(eq(subs.userId, userId), eq(subs.status, "active"), id === undefined ? undefined : eq(subs.id, id)));
