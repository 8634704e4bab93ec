import { Hono } from "hono";
import {
  requestPasswordResetBody,
  resetLinkParams,
  resetLinkQuery,
  resetPasswordBody,
  signInBody,
  signUpBody,
  verifyEmailQuery,
} from "../../../common/contract/auth";
import { changeEmailBody, changePasswordBody } from "../../../common/contract/account";
import type { HonoEnv } from "../../env";
import { clientKey, hit, rateLimitRules } from "../../lib/rate-limit";
import { validate } from "../../lib/validation";
import { changeEmail, changePassword, resetPassword } from "./account-changes";
import { forward } from "./pass-through";
import { signIn } from "./sign-in";

/** The page a reset link leads to, on the site the link was asked from. */
const RESET_PAGE_PATH = "/auth/reset-password";

/**
 * The better-auth endpoints the app uses, and no other: anything else under /api/auth falls through
 * to the API's 404. Each one validates its input, counts its limits and answers errors in the envelope.
 */
export const authRoutes = new Hono<HonoEnv>()
  .post("/sign-up/email", validate("json", signUpBody), async (c) => {
    const body = c.req.valid("json");
    await hit(c.var.db, rateLimitRules.signUp, clientKey(c, body.email));
    return forward(c, { body });
  })
  .post("/sign-in/email", validate("json", signInBody), (c) => signIn(c, c.req.valid("json")))
  // Nothing to read: signing out needs only the session cookie.
  .post("/sign-out", (c) => forward(c, { body: {} }))
  .post("/request-password-reset", validate("json", requestPasswordResetBody), async (c) => {
    const { email } = c.req.valid("json");
    await hit(c.var.db, rateLimitRules.passwordReset, clientKey(c, email));
    return forward(c, { body: { email, redirectTo: RESET_PAGE_PATH } });
  })
  .post("/reset-password", validate("json", resetPasswordBody), async (c) => {
    const body = c.req.valid("json");
    await hit(c.var.db, rateLimitRules.passwordReset, clientKey(c, body.token));
    return resetPassword(c, body);
  })
  .post("/change-password", validate("json", changePasswordBody), (c) => changePassword(c, c.req.valid("json")))
  .post("/change-email", validate("json", changeEmailBody), (c) => changeEmail(c, c.req.valid("json").newEmail))
  .get("/verify-email", validate("query", verifyEmailQuery), (c) => forward(c, { query: c.req.valid("query") }))
  .get("/reset-password/:token", validate("param", resetLinkParams), validate("query", resetLinkQuery), (c) =>
    forward(c, { query: c.req.valid("query") }),
  );
