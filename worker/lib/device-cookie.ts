import type { Context } from "hono";
import { generateCookie, getCookie } from "hono/cookie";
import { isDevelopment, type AppEnv, type HonoEnv } from "../env";
import { authSecret } from "./auth-config";
import { hmacKey } from "./hmac";

/**
 * The mark a browser gets on each good sign-in: a random device id and an HMAC of it with the user's
 * id. Whoever has it has signed in to that account from this browser before, so the account's sign-in
 * back-off (worker/lib/rate-limit.ts) does not lock its owner out while someone else guesses.
 * Nothing in it names the user.
 */
const DEVICE_TTL_S = 365 * 24 * 60 * 60;
const DEVICE_ID = /^[0-9a-f-]{36}$/;
const SIGNATURE = /^[0-9a-f]{64}$/;

// __Host- keeps subdomains from planting one; it needs Secure, which plain-http development lacks.
const cookieName = (env: AppEnv) => (isDevelopment(env) ? "agora.device" : "__Host-agora.device");

const payload = (userId: string, deviceId: string) => new TextEncoder().encode(`device:${userId}:${deviceId}`);

/** The Set-Cookie value that marks this browser as one `userId` signed in from. */
export async function deviceCookie(env: AppEnv, userId: string): Promise<string> {
  const deviceId = crypto.randomUUID();
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(authSecret(env)), payload(userId, deviceId)));
  const signature = Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
  return generateCookie(cookieName(env), `${deviceId}.${signature}`, {
    path: "/",
    httpOnly: true,
    secure: !isDevelopment(env),
    sameSite: "Lax",
    maxAge: DEVICE_TTL_S,
  });
}

/** The request's device mark, unchecked, or null when it has none of the right form. */
export function readDevice(c: Context<HonoEnv>): { deviceId: string; signature: string } | null {
  const [deviceId = "", signature = ""] = (getCookie(c, cookieName(c.env)) ?? "").split(".");
  return DEVICE_ID.test(deviceId) && SIGNATURE.test(signature) ? { deviceId, signature } : null;
}

/** Whether `device` was made for `userId` (constant-time check). */
export async function isDeviceOf(env: AppEnv, device: { deviceId: string; signature: string }, userId: string) {
  const mac = Uint8Array.from(device.signature.match(/../g)!, (byte) => parseInt(byte, 16));
  return crypto.subtle.verify("HMAC", await hmacKey(authSecret(env)), mac, payload(userId, device.deviceId));
}
