import { ACCOUNT_DELETION_DELAY_DAYS } from "../../../common/contract/limits";
import type { DeletionStatus } from "../../../common/contract/account";

export const DAY_MS = 24 * 60 * 60 * 1000;
export const DELETION_DELAY_MS = ACCOUNT_DELETION_DELAY_DAYS * DAY_MS;

/** The status the settings page and the banner show; days are rounded up, so the last day reads 1. */
export function deletionStatus(scheduledAt: number | null, now = Date.now()): DeletionStatus {
  if (scheduledAt === null) return { hasPendingDeletion: false, scheduledDeletionAt: null, daysRemaining: null };
  return {
    hasPendingDeletion: true,
    scheduledDeletionAt: scheduledAt,
    daysRemaining: Math.max(0, Math.ceil((scheduledAt - now) / DAY_MS)),
  };
}
