import { account } from "../../../common/contract/account";
import { auth } from "../../../common/contract/auth";
import { clientKey, hit, rateLimitRules } from "../../lib/rate-limit";
import { route } from "../../lib/route";
import { changeEmail, changePassword, resetPassword } from "./account-changes";
import { forward } from "./pass-through";
import { signIn } from "./sign-in";
import { signOut } from "./sign-out";

/** The page a reset link leads to, on the site the link was asked from. */
const RESET_PAGE_PATH = "/auth/reset-password";

/**
 * The better-auth endpoints the app uses, and no other: anything else under /api/auth falls through
 * to the API's 404. Each one validates its input, counts its limits and answers errors in the envelope.
 */
export const authRoutes = [
  route(auth.signUp, async (c) => {
    const body = c.req.valid("json");
    await hit(c.var.db, rateLimitRules.signUp, clientKey(c, body.email));
    return forward(c, { body });
  }),
  route(auth.signIn, (c) => signIn(c, c.req.valid("json"))),
  route(auth.signOut, (c) => signOut(c)),
  route(auth.requestPasswordReset, async (c) => {
    const { email } = c.req.valid("json");
    await hit(c.var.db, rateLimitRules.passwordReset, clientKey(c, email));
    return forward(c, { body: { email, redirectTo: RESET_PAGE_PATH } });
  }),
  route(auth.resetPassword, async (c) => {
    const body = c.req.valid("json");
    await hit(c.var.db, rateLimitRules.passwordReset, clientKey(c, body.token));
    return resetPassword(c, body);
  }),
  route(account.changePassword, (c) => changePassword(c, c.req.valid("json"))),
  route(account.changeEmail, (c) => changeEmail(c, c.req.valid("json").newEmail)),
  route(auth.verifyEmailLink, (c) => forward(c, { query: c.req.valid("query") })),
  route(auth.resetPasswordLink, (c) => forward(c, { query: c.req.valid("query") })),
];
