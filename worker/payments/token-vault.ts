import { isDevelopment, type AppEnv } from "../env";

/**
 * Saved cards' rectokens are stored encrypted (AES-GCM) with a key from the PAYMENT_TOKEN_KEY secret,
 * so a copy of the database alone cannot charge anyone's card.
 */
const DEV_KEY = "agora-development-payment-token-key-not-for-production";
const keys = new Map<string, Promise<CryptoKey>>();

function tokenKey(env: AppEnv): Promise<CryptoKey> {
  const secret = env.PAYMENT_TOKEN_KEY ?? (isDevelopment(env) ? DEV_KEY : null);
  if (!secret) throw new Error("PAYMENT_TOKEN_KEY is not configured");
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle
      .digest("SHA-256", new TextEncoder().encode(secret))
      .then((raw) => crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
    keys.set(secret, key);
  }
  return key;
}

const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromB64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export async function sealToken(env: AppEnv, token: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await tokenKey(env), new TextEncoder().encode(token));
  return `v1.${toB64(iv)}.${toB64(new Uint8Array(sealed))}`;
}

/** The token, or null for one that does not open (another key, tampered, or never sealed). */
export async function openToken(env: AppEnv, stored: string): Promise<string | null> {
  const [version, iv, data] = stored.split(".");
  if (version !== "v1" || !iv || !data) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromB64(iv) }, await tokenKey(env), fromB64(data));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
