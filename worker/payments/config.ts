import { exports } from "cloudflare:workers";
import { isDevelopment, type AppEnv } from "../env";
import { FlittProvider } from "./flitt";
import type { PaymentProvider } from "./provider";
import { SANDBOX_PATH } from "./sandbox/path";

/** Flitt's public test merchant; its secret is refused outside development. */
export const FLITT_TEST_MERCHANT = { merchantId: "1549901", secret: "test" };
export const FLITT_PRODUCTION_API = "https://pay.flitt.com/api";
export { SANDBOX_PATH };

export type FlittSettings = { apiUrl: string | null; merchantId: string; secret: string; mode: "direct" | "hosted" };

/**
 * The merchant account and endpoint from configuration. Development and tests without FLITT_API_URL
 * use the local sandbox (apiUrl null) with the test merchant; production needs real credentials.
 */
export function flittSettings(env: AppEnv): FlittSettings {
  const mode = env.FLITT_MODE === "hosted" ? "hosted" : "direct";
  if (isDevelopment(env)) {
    return {
      apiUrl: env.FLITT_API_URL ?? null,
      merchantId: env.FLITT_MERCHANT_ID ?? FLITT_TEST_MERCHANT.merchantId,
      secret: env.FLITT_SECRET ?? FLITT_TEST_MERCHANT.secret,
      mode,
    };
  }
  if (!env.FLITT_MERCHANT_ID || !env.FLITT_SECRET) throw new Error("FLITT_MERCHANT_ID and FLITT_SECRET are not configured");
  if (env.FLITT_SECRET === FLITT_TEST_MERCHANT.secret || env.FLITT_MERCHANT_ID === FLITT_TEST_MERCHANT.merchantId)
    throw new Error("Flitt's test merchant cannot take real payments: configure the production merchant");
  return { apiUrl: env.FLITT_API_URL ?? FLITT_PRODUCTION_API, merchantId: env.FLITT_MERCHANT_ID, secret: env.FLITT_SECRET, mode };
}

/**
 * The provider for a request on `origin` (the cron passes APP_URL). The sandbox is this same worker,
 * which cannot open a socket to itself, so its requests go through the worker's own entrypoint: the
 * adapter still builds, signs, sends and checks real HTTP requests and answers.
 */
export function paymentProvider(env: AppEnv, origin: string): PaymentProvider {
  const settings = flittSettings(env);
  const local = settings.apiUrl === null;
  return new FlittProvider({
    apiUrl: settings.apiUrl ?? `${origin}${SANDBOX_PATH}/api`,
    merchantId: settings.merchantId,
    secret: settings.secret,
    mode: settings.mode,
    fetch: local ? (request) => exports.default.fetch(request) : (request) => fetch(request),
  });
}
