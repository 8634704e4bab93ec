import { betterAuth } from "better-auth/minimal";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../common/contract/enums";
import { newId } from "../../common/ids";
import { isDevelopment, type AppEnv } from "../env";
import { authSecret, SESSION_TTL_S, SESSION_UPDATE_AGE_S } from "./auth-config";
import { authEmails } from "./auth-emails";
import { publicOrigin } from "./public-origin";
import type { Db } from "./db";
import { createMailer } from "./email";
import { rateLimitRules } from "./rate-limit";
import { accounts, sessions, users, verifications } from "./tables";

/** Verification links live a day; reset links an hour and are single use (better-auth deletes them). */
const VERIFY_TTL_S = 24 * 60 * 60;
const RESET_TTL_S = 60 * 60;

export { publicOrigin };

/**
 * The account's language. better-auth hands its mail callbacks the whole user row, additional fields
 * included, though its type names only its own fields.
 */
function languageOf(user: object): Language {
  const language = (user as { language?: unknown }).language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

export function createAuth(env: AppEnv, db: Db, request: Request) {
  const mailer = createMailer(env, db);
  const origin = publicOrigin(env, request);
  return betterAuth({
    appName: "Agora",
    baseURL: origin,
    basePath: "/api/auth",
    secret: authSecret(env),
    trustedOrigins: [origin, env.APP_URL],
    database: drizzleAdapter(db, {
      provider: "sqlite",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    user: {
      fields: { name: "fullName", image: "avatarUrl" },
      additionalFields: {
        platformRole: { type: "string", required: false, input: false },
        // Taken from the sign-up body, which our contract has already limited to the languages we speak.
        language: { type: "string", required: false, input: true, defaultValue: DEFAULT_LANGUAGE },
      },
      // The new address gets a verification link (sendVerificationEmail below); the account changes when it is followed.
      changeEmail: { enabled: true },
    },
    session: { expiresIn: SESSION_TTL_S, updateAge: SESSION_UPDATE_AGE_S },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_TTL_S,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(
          { to: user.email, kind: "password_reset", ...authEmails(languageOf(user)).passwordReset(user.name, url) },
          { perRecipient: rateLimitRules.resetMail },
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_TTL_S,
      sendVerificationEmail: async ({ user, url }) => {
        // Sign-up and every sign-in of an unverified account land here: the cap covers them all.
        await mailer.send(
          { to: user.email, kind: "verify_email", ...authEmails(languageOf(user)).verifyEmail(user.name, url) },
          { perRecipient: rateLimitRules.verificationMail },
        );
      },
    },
    // Our own D1-backed limiter runs in front of these endpoints (worker/lib/rate-limit.ts).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "agora",
      useSecureCookies: !isDevelopment(env),
      ipAddress: { ipAddressHeaders: ["cf-connecting-ip"] },
      database: { generateId: () => newId() },
    },
    // Unexpected errors reach our onError (logged with the request id, answered with the envelope)
    // instead of becoming an empty-bodied 500.
    onAPIError: { throw: true },
    telemetry: { enabled: false },
  });
}
