import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
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
import { users } from "../../lib/tables";
import { DELETION_DELAY_MS, deletionStatus } from "./deletion";

const scheduledOf = (db: Db, userId: string | SQL) =>
  firstRow(db.select({ at: users.deletionScheduledAt }).from(users).where(eq(users.id, userId)));

/**
 * /api/account/deletion (DESIGN.md "Account deletion"): a request confirmed with the password schedules
 * the purge 30 days ahead and cancels the subscriptions at once; until the purge the person keeps
 * access and may cancel it (the subscriptions stay cancelled: they can take them up again themselves).
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
    const user = await requireUser(c);
    const db = c.var.db;
    const now = Date.now();
    await db
      .update(users)
      .set({ deletionRequestedAt: null, deletionScheduledAt: null, deletionReason: null, updatedAt: new Date(now) })
      .where(eq(users.id, user.id));
    return respond(c, account.cancelDeletion, deletionStatus(null));
  }),
];
