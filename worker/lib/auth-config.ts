import { isDevelopment, type AppEnv } from "../env";

/**
 * Session lifetimes and the signing secret. Apart from the better-auth instance (auth.ts) so that
 * reading a session cookie does not load better-auth.
 */
export const SESSION_TTL_S = 30 * 24 * 60 * 60;
/** How often a session in use has its expiry pushed forward. */
export const SESSION_UPDATE_AGE_S = 24 * 60 * 60;

const DEV_SECRET = "agora-development-secret-not-for-production-use-0123456789";

export function authSecret(env: AppEnv): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (isDevelopment(env)) return DEV_SECRET;
  throw new Error("AUTH_SECRET is not configured");
}
