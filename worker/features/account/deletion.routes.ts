import { sql } from "drizzle-orm";
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
import { DELETION_DELAY_MS, deletionStatus } from "./deletion";

const scheduledOf = (db: Db, userId: string) =>
  db.get<{ at: number | null } | undefined>(sql`select deletion_scheduled_at as at from users where id = ${userId}`);

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
    const scheduled = db.get<{ at: number | null } | undefined>(
      sql`select deletion_scheduled_at as at from users where id = ${sessionUserId(token)}`,
    );
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
          onlyIf: sql`exists (select 1 from users where id = ${user.id} and deletion_scheduled_at is null)`,
        }),
        db.run(
          sql`update users set deletion_requested_at = ${now}, deletion_scheduled_at = ${now + DELETION_DELAY_MS},
            deletion_reason = ${reason || null}, updated_at = ${now}
            where id = ${user.id} and deletion_scheduled_at is null`,
        ),
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
    await db.run(
      sql`update users set deletion_requested_at = null, deletion_scheduled_at = null, deletion_reason = null, updated_at = ${now}
          where id = ${user.id}`,
    );
    return respond(c, account.cancelDeletion, deletionStatus(null));
  }),
];
