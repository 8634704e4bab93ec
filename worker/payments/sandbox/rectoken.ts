import { hmacKey } from "../../lib/hmac";

/**
 * Sandbox rectokens are self-contained: the card's outcome, mask, type and expiry, signed with the
 * merchant secret. Nothing about the card's number beyond its mask is in them.
 */
export type TokenCard = { approve: boolean; maskedCard: string; cardType: string; expiresAt: number };

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const fromB64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

export async function issueRectoken(secret: string, card: TokenCard): Promise<string> {
  const payload = new TextEncoder().encode(JSON.stringify(card));
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(`flitt-sandbox:${secret}`), payload));
  return `${b64url(payload)}.${b64url(mac)}`;
}

export async function readRectoken(secret: string, token: string): Promise<TokenCard | null> {
  const [payload, mac] = token.split(".");
  if (!payload || !mac) return null;
  try {
    const bytes = fromB64url(payload);
    const ok = await crypto.subtle.verify("HMAC", await hmacKey(`flitt-sandbox:${secret}`), fromB64url(mac), bytes);
    return ok ? (JSON.parse(new TextDecoder().decode(bytes)) as TokenCard) : null;
  } catch {
    return null;
  }
}
