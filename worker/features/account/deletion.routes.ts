import { and, eq, gt, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { account } from "../../../common/contract/account";
import { batch, type Db } from "../../lib/db";
import { AppError, unauthenticated } from "../../lib/errors";
import { isCurrentPassword } from "../../lib/password-check";
import { hit, rateLimitRules } from "../../lib/rate-limit";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { requireUser, sessionStatement, sessionToken, sessionUserFrom, sessionUserId } from "../../lib/session";
import { cancelSubscriptions } from "../../lib/subscriptions";
import { commit, notify } from "../../lib/commit";
import { firstRow } from "../../lib/sql-names";
import { userSubscriptions as subs, users } from "../../lib/tables";
import { DELETION_DELAY_MS, deletionStatus } from "./deletion";

const scheduledOf = (db: Db, userId: string | SQL) =>
  firstRow(db.select({ at: users.deletionScheduledAt }).from(users).where(eq(users.id, userId)));

/**
 * /api/account/deletion (DESIGN.md "Account deletion"): a request confirmed with the password schedules
 * the purge 30 days ahead and cancels the subscriptions at once; until the purge the person keeps
 * access and may cancel it. Cancelling it restores the subscriptions the request cancelled whose period
 * has not ended (they renew again), and tells the person what came back and what had ended.
 */
export const accountDeletionRoutes = [
  route(account.deletion, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const session = sessionStatement(db, token);
    const scheduled = scheduledOf(db, sessionUserId(token));
    const read = await batch(db, [session, scheduled]);
    if (!sessionUserFrom(c, read(session))) throw unauthenticated();
    return respond(c, account.deletion, deletionStatus(read(scheduled)?.at ?? null));
  }),
  route(account.requestDeletion, async (c) => {
    const user = await requireUser(c);
    const db = c.var.db;
    const { password, reason } = c.req.valid("json");
    await hit(db, rateLimitRules.accountPassword, user.id);
    if (!(await isCurrentPassword(c.env, db, c.req.raw, user.id, password))) {
      throw new AppError("VALIDATION_FAILED", "Password is incorrect", {
        issues: [{ path: "password", message: "Password is incorrect" }],
      });
    }
    const now = Date.now();
    const after = scheduledOf(db, user.id);
    // A second request keeps the first one's date: asking again does not postpone the purge.
    const read = await commit(c, {
      steps: [
        notify({
          recipientId: user.id,
          senderId: null,
          communityId: null,
          type: "SYSTEM_ANNOUNCEMENT",
          data: { kind: "account", account: "deletion_scheduled", deletionAt: now + DELETION_DELAY_MS },
          // Read before the update below: only the request that schedules the deletion announces it.
          onlyIf: sql`exists (select 1 from ${users} where ${users.id} = ${user.id} and ${users.deletionScheduledAt} is null)`,
        }),
        db
          .update(users)
          .set({
            deletionRequestedAt: now,
            deletionScheduledAt: now + DELETION_DELAY_MS,
            deletionReason: reason || null,
            updatedAt: new Date(now),
          })
          .where(and(eq(users.id, user.id), isNull(users.deletionScheduledAt))),
        cancelSubscriptions(db, user.id, now),
        after,
      ],
    });
    return respond(c, account.requestDeletion, deletionStatus(read(after)?.at ?? null, now));
  }),
  route(account.cancelDeletion, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const me = sessionUserId(token);
    const session = sessionStatement(db, token);
    // The request cancelled the subscriptions in the batch that stamped deletion_requested_at.
    const requestedAt = sql`(select ${users.deletionRequestedAt} from ${users} where ${users.id} = ${me})`;
    const cancelled = db
      .select({ id: subs.id, periodEnd: subs.currentPeriodEnd })
      .from(subs)
      .where(and(eq(subs.userId, me), eq(subs.status, "cancelled"), eq(subs.cancelledAt, requestedAt)));
    const read = await batch(db, [session, cancelled]);
    const user = sessionUserFrom(c, read(session));
    if (!user) throw unauthenticated();
    const now = Date.now();
    const running = read(cancelled).filter((s) => s.periodEnd > now);
    const pending = sql`exists (select 1 from ${users} where ${users.id} = ${user.id} and ${users.deletionScheduledAt} is not null)`;
    await commit(c, {
      steps: [
        // Before the updates below, which it reads: only a deletion that was pending is cancelled and told.
        notify({
          recipientId: user.id,
          senderId: null,
          communityId: null,
          type: "SYSTEM_ANNOUNCEMENT",
          data: {
            kind: "account",
            account: "deletion_cancelled",
            restored: running.length,
            notRestored: read(cancelled).length - running.length,
          },
          onlyIf: pending,
        }),
        running.length > 0
          ? db
              .update(subs)
              .set({ status: "active", cancelledAt: null, updatedAt: now })
              .where(
                and(
                  inArray(
                    subs.id,
                    running.map((s) => s.id),
                  ),
                  eq(subs.status, "cancelled"),
                  gt(subs.currentPeriodEnd, now),
                  pending,
                ),
              )
          : null,
        db
          .update(users)
          .set({ deletionRequestedAt: null, deletionScheduledAt: null, deletionReason: null, updatedAt: new Date(now) })
          .where(eq(users.id, user.id)),
      ],
    });
    return respond(c, account.cancelDeletion, deletionStatus(null));
  }),
];
