import { z } from "zod";
import { endpoint, language } from "./http";
import {
  CALLBACK_PATH_MAX,
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  RESET_TOKEN_MAX,
  USER_NAME_MAX,
  VERIFY_TOKEN_MAX,
} from "./limits";
import { singleLine } from "./text";

/**
 * Account endpoints, the only ones of better-auth the worker lets through. It answers them behind our
 * own front door: we validate the input (so bad input gets the one error envelope) and hand better-auth
 * only what we checked; better-auth writes the answer, which the web does not read.
 */

/** Normalised (trimmed, lower case) as better-auth stores it, so limits count one address once. */
export const email = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .min(1, "Email is required")
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .pipe(z.email({ error: "Invalid email address" }));

export const newPassword = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .refine((p) => /\p{L}/u.test(p), "Password must contain a letter")
  .refine((p) => /\p{N}/u.test(p), "Password must contain a number");

/**
 * Same-site paths only, so a link can never send someone to another site after verification. URL
 * parsers drop tabs and newlines ("/\t/evil.example" becomes "//evil.example"), hence no control characters.
 */
const localPath = z
  .string({ error: "Must be a path on this site" })
  .max(CALLBACK_PATH_MAX, "Must be a path on this site")
  .refine(
    // eslint-disable-next-line no-control-regex
    (p) => p.startsWith("/") && !p.startsWith("//") && !p.includes("\\") && !/[\u0000-\u001f\u007f]/.test(p),
    "Must be a path on this site",
  );

const linkToken = (max: number) =>
  z.string({ error: "The link is invalid" }).min(1, "The link is invalid").max(max, "The link is invalid");

export const signUpBody = z.object({
  name: singleLine("Name", { max: USER_NAME_MAX }),
  email,
  password: newPassword,
  callbackURL: localPath.optional(),
  /** The UI's language at sign-up becomes the account's (its e-mails are written in it); English when left out. */
  language: language.optional(),
});

export const signInBody = z.object({
  email,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  rememberMe: z.boolean({ error: "Remember me must be true or false" }).optional(),
  callbackURL: localPath.optional(),
});
export type SignInBody = z.output<typeof signInBody>;

/** Where the reset link leads is the server's choice (our reset page), not the asker's. */
export const requestPasswordResetBody = z.object({ email });

export const resetPasswordBody = z.object({
  newPassword,
  token: linkToken(RESET_TOKEN_MAX),
});
export type ResetPasswordBody = z.output<typeof resetPasswordBody>;

/** The link in the verification mail. */
export const verifyEmailQuery = z.object({
  token: linkToken(VERIFY_TOKEN_MAX),
  callbackURL: localPath.optional(),
});

/** The link in the reset mail: checks the token, then leads to the reset page with it. */
export const resetLinkParams = z.object({ token: linkToken(RESET_TOKEN_MAX) });
export const resetLinkQuery = z.object({ callbackURL: localPath });

/** better-auth's own answer; nothing in it is ours to promise. */
const betterAuthAnswer = z.unknown();

export const auth = {
  signUp: endpoint("POST", "/api/auth/sign-up/email", { body: signUpBody, response: betterAuthAnswer }),
  signIn: endpoint("POST", "/api/auth/sign-in/email", { body: signInBody, response: betterAuthAnswer }),
  signOut: endpoint("POST", "/api/auth/sign-out", { response: betterAuthAnswer }),
  requestPasswordReset: endpoint("POST", "/api/auth/request-password-reset", {
    body: requestPasswordResetBody,
    response: betterAuthAnswer,
  }),
  resetPassword: endpoint("POST", "/api/auth/reset-password", { body: resetPasswordBody, response: betterAuthAnswer }),
  verifyEmailLink: endpoint("GET", "/api/auth/verify-email", { query: verifyEmailQuery, response: betterAuthAnswer }),
  resetPasswordLink: endpoint("GET", "/api/auth/reset-password/:token", {
    params: resetLinkParams,
    query: resetLinkQuery,
    response: betterAuthAnswer,
  }),
};
