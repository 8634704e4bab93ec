import type { Db } from "./lib/db";
import type { QueryStats } from "./lib/query-count";
import type { SessionUser } from "./lib/session-user";

/**
 * Bindings of the Worker, as declared in wrangler.toml (types from `wrangler types`), with the secrets
 * and settings it may be given. APP_ENV is production (wrangler.toml), development (dev server) or
 * test (vitest).
 */
export type AppEnv = Env & {
  /** better-auth signing secret; a wrangler secret in production. */
  AUTH_SECRET?: string;
  /** Sender address for outgoing mail in production. */
  MAIL_FROM?: string;
  /** With DB_ENGINE = "libsql": the database's https:// (or libsql://, wss://) URL, and its token (a secret). */
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
  /** Flitt: the merchant account (secrets in production), its API base and the card-entry mode (see README). */
  FLITT_MERCHANT_ID?: string;
  FLITT_SECRET?: string;
  FLITT_API_URL?: string;
  FLITT_MODE?: "direct" | "hosted";
  /** Encrypts saved cards' rectokens at rest (a secret in production). */
  PAYMENT_TOKEN_KEY?: string;
  /** The Help page's contact details (README "Configuration and secrets"); one left unset is not offered. */
  SUPPORT_EMAIL?: string;
  SUPPORT_PHONE?: string;
  /** "off": pages go out without their first screen rendered (the dev server, see pages.routes.ts). */
  FIRST_SCREENS?: "off";
};

export type Variables = {
  requestId: string;
  /** The session user, once read (undefined = not read yet, null = signed out). */
  user: SessionUser | null;
  /** The request's database (worker/lib/db.ts). */
  db: Db;
  /** What the request sent to the database so far, for the Server-Timing header (worker/lib/query-count.ts). */
  queryStats?: QueryStats;
};

export type HonoEnv = { Bindings: AppEnv; Variables: Variables };

export const isDevelopment = (env: AppEnv) => env.APP_ENV === "development" || env.APP_ENV === "test";
