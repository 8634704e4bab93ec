import { z } from "zod";
import { endpoint } from "./http";
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USER_NAME_MAX } from "./limits";
import { singleLine } from "./text";

/**
 * Account endpoints. better-auth answers them behind our own front door: we validate the bodies (so bad
 * input gets the one error envelope), better-auth writes the answer, which the web does not read.
 */

export const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .pipe(z.email({ error: "Invalid email address" }));

export const newPassword = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .refine((p) => /\p{L}/u.test(p), "Password must contain a letter")
  .refine((p) => /\p{N}/u.test(p), "Password must contain a number");

/** Same-site paths only, so a link can never send someone to another site after verification. */
const localPath = z
  .string()
  .max(500)
  .refine((p) => p.startsWith("/") && !p.startsWith("//") && !p.includes("\\"), "Must be a path on this site");

export const signUpBody = z.object({
  name: singleLine("Name", { max: USER_NAME_MAX }),
  email,
  password: newPassword,
  callbackURL: localPath.optional(),
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

export const requestPasswordResetBody = z.object({
  email,
  redirectTo: z.url({ error: "Invalid redirect address" }).max(500).optional(),
});

export const resetPasswordBody = z.object({
  newPassword,
  token: z
    .string({ error: "The reset link is invalid" })
    .min(1, "The reset link is invalid")
    .max(200, "The reset link is invalid"),
});

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
};
