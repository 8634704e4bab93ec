import { eq } from "drizzle-orm";
import type { Context } from "hono";
import type { SignInBody } from "../../../common/contract/auth";
import type { HonoEnv } from "../../env";
import { deviceCookie, isDeviceOf, readDevice } from "../../lib/device-cookie";
import { backoffRules, claimAttempt, clearFailures, clientKey, hit, rateLimitRules } from "../../lib/rate-limit";
import { users } from "../../lib/tables";
import { forward } from "./pass-through";

/**
 * Sign-in behind two limits. Per client address (rateLimitRules.signIn), and per account an exponential
 * back-off on consecutive failures (backoffRules.signIn), which holds however many addresses a guesser
 * spreads over. The back-off is keyed by the normalised e-mail, never the user id, so it counts and
 * answers alike whether the account exists. A browser the owner signed in from before carries a device
 * mark and skips the account's back-off: guessing cannot lock the owner out.
 */
export async function signIn(c: Context<HonoEnv>, body: SignInBody): Promise<Response> {
  const db = c.var.db;
  await hit(db, rateLimitRules.signIn, clientKey(c, body.email));
  await claimAttempt(db, backoffRules.signIn, body.email, { exempt: await fromOwnersDevice(c, body.email) });

  const response = await forward(c, { body });
  if (response.ok) {
    await clearFailures(db, backoffRules.signIn, body.email);
    const { user } = (await response.clone().json()) as { user: { id: string } };
    response.headers.append("set-cookie", await deviceCookie(c.env, user.id));
  } else if (await passwordWasRight(response)) {
    await clearFailures(db, backoffRules.signIn, body.email);
  }
  // Any other answer leaves the failure claimAttempt counted.
  return response;
}

/** better-auth checks an unverified account's password before it refuses the sign-in. */
async function passwordWasRight(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const { error } = (await response.clone().json()) as { error: { code: string } };
  return error.code === "EMAIL_NOT_VERIFIED";
}

async function fromOwnersDevice(c: Context<HonoEnv>, email: string): Promise<boolean> {
  const device = readDevice(c);
  if (!device) return false;
  const [user] = await c.var.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return user ? isDeviceOf(c.env, device, user.id) : false;
}
