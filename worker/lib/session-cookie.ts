import type { AppEnv } from "../env";
import { authSecret } from "./auth-config";
import { hmacKey } from "./hmac";

const COOKIE_NAMES = ["__Secure-agora.session_token", "agora.session_token"];

/**
 * The session token from better-auth's signed cookie (`token.base64(hmac)`), or null when it is
 * missing or its signature does not verify. Reading it here lets a hot route look the session up
 * in the same D1 round trip as its data.
 */
export async function readSessionToken(env: AppEnv, headers: Headers): Promise<string | null> {
  const cookie = headers.get("cookie");
  if (!cookie) return null;
  for (const part of cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!COOKIE_NAMES.includes(name)) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
    const dot = value.lastIndexOf(".");
    if (dot <= 0) return null;
    const token = value.slice(0, dot);
    let signature: Uint8Array;
    try {
      signature = Uint8Array.from(atob(value.slice(dot + 1)), (ch) => ch.charCodeAt(0));
    } catch {
      return null;
    }
    // crypto.subtle.verify compares in constant time.
    const valid = await crypto.subtle.verify("HMAC", await hmacKey(authSecret(env)), signature, new TextEncoder().encode(token));
    return valid ? token : null;
  }
  return null;
}
