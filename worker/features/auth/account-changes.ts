import { and, eq, ne, sql } from "drizzle-orm";
import type { Context } from "hono";
import type { ChangePasswordBody } from "../../../common/contract/account";
import type { ResetPasswordBody } from "../../../common/contract/auth";
import type { ErrorBody } from "../../../common/contract/http";
import type { HonoEnv } from "../../env";
import { batch } from "../../lib/db";
import { AppError } from "../../lib/errors";
import { hit, rateLimitRules } from "../../lib/rate-limit";
import { disconnectSessions } from "../../lib/rooms";
import { requireUser, sessionToken } from "../../lib/session";
import { sessions, verifications } from "../../lib/tables";
import { userRoomsFrom, userRoomsStatements } from "../../lib/user-rooms";
import { forward } from "./pass-through";

/** Where the link in the new address's verification mail leads once it has changed the account. */
const EMAIL_CHANGED_PATH = "/settings/privacy-security?email=changed";

/**
 * A new password for the signed-in account. better-auth checks the current one, then ends every
 * session and opens a new one for this browser (its cookie comes with the answer): whoever else was
 * signed in is signed out, the person changing it is not. The count is per account, so guessing the
 * current password from a stolen session is as slow as at the sign-in.
 */
export async function changePassword(c: Context<HonoEnv>, body: ChangePasswordBody): Promise<Response> {
  const user = await requireUser(c);
  const db = c.var.db;
  await hit(db, rateLimitRules.accountPassword, user.id);
  // Read before the change replaces every session: which ones are other browsers', and their rooms.
  const token = await sessionToken(c);
  const others = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), ne(sessions.token, token)));
  const rooms = userRoomsStatements(db, user.id);
  const read = await batch(db, [others, rooms.communities, rooms.conversations]);
  const response = await forward(c, {
    body: { currentPassword: body.currentPassword, newPassword: body.newPassword, revokeOtherSessions: true },
  });
  if (response.status === 400 && (await errorCode(response)) === "INVALID_PASSWORD") {
    throw new AppError("VALIDATION_FAILED", "Current password is incorrect", {
      issues: [{ path: "currentPassword", message: "Current password is incorrect" }],
    });
  }
  if (response.ok) {
    // The signed-out browsers' open sockets go with their sessions; this browser's stay connected.
    const sessionIds = read(others).map((s) => s.id);
    const where = userRoomsFrom(read(rooms.communities), read(rooms.conversations));
    c.executionCtx.waitUntil(disconnectSessions(c.env, user.id, sessionIds, where));
  }
  return response;
}

/**
 * A new password from a reset link. better-auth then ends every session of the account, so every
 * socket they let in closes too. Whose link it is, their sessions and rooms are read before, while the
 * link is still valid (better-auth keeps it as the `reset-password:<token>` verification).
 */
export async function resetPassword(c: Context<HonoEnv>, body: ResetPasswordBody): Promise<Response> {
  const db = c.var.db;
  const v = verifications;
  const owner = sql`(select ${v.value} from ${v} where ${v.identifier} = ${`reset-password:${body.token}`}
    and ${v.expiresAt} > ${Date.now()})`;
  const theirs = db.select({ id: sessions.id, userId: sessions.userId }).from(sessions).where(eq(sessions.userId, owner));
  const rooms = userRoomsStatements(db, owner);
  const read = await batch(db, [theirs, rooms.communities, rooms.conversations]);
  const response = await forward(c, { body });
  const userId = read(theirs)[0]?.userId;
  if (response.ok && userId) {
    const where = userRoomsFrom(read(rooms.communities), read(rooms.conversations));
    c.executionCtx.waitUntil(
      disconnectSessions(
        c.env,
        userId,
        read(theirs).map((s) => s.id),
        where,
      ),
    );
  }
  return response;
}

/** Sends the verification link to the new address; an address already taken gets the same answer and no mail. */
export async function changeEmail(c: Context<HonoEnv>, newEmail: string): Promise<Response> {
  const user = await requireUser(c);
  if (newEmail === user.email) {
    throw new AppError("VALIDATION_FAILED", "This is already your e-mail address", {
      issues: [{ path: "newEmail", message: "This is already your e-mail address" }],
    });
  }
  await hit(c.var.db, rateLimitRules.emailChange, user.id);
  return forward(c, { body: { newEmail, callbackURL: EMAIL_CHANGED_PATH } });
}

async function errorCode(response: Response): Promise<string | undefined> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as ErrorBody | null;
  return body?.error.code;
}
