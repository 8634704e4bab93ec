import { notificationTypes, type NotificationType } from "../../common/notifications";
import type { AppEnv } from "../env";
import { authSecret } from "./auth-config";
import { hmacKey } from "./hmac";

/**
 * The one-click unsubscribe link of a notification e-mail: whom it is for and which e-mails it stops
 * (one type, every type for a mail that mixes several, or a community's broadcasts), signed with the app's secret. It needs no
 * session, since the mail may be opened anywhere, and it only ever changes its owner's settings:
 * changing the user or the type breaks the signature.
 */
export type UnsubscribeScope = NotificationType | "ALL" | "BROADCASTS";

const payload = (userId: string, scope: UnsubscribeScope) => new TextEncoder().encode(`unsubscribe:${userId}:${scope}`);
const SIGNATURE = /^[0-9a-f]{64}$/;

export async function unsubscribeToken(env: AppEnv, userId: string, scope: UnsubscribeScope): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(authSecret(env)), payload(userId, scope)));
  return `${userId}.${scope}.${Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** The owner and scope of a token, or null for anything not signed by us for exactly those (constant-time check). */
export async function readUnsubscribeToken(
  env: AppEnv,
  token: string,
): Promise<{ userId: string; scope: UnsubscribeScope } | null> {
  const [userId = "", scope = "", signature = ""] = token.split(".");
  if (!userId || !SIGNATURE.test(signature)) return null;
  if (scope !== "ALL" && scope !== "BROADCASTS" && !(notificationTypes as readonly string[]).includes(scope)) return null;
  const mac = Uint8Array.from(signature.match(/../g)!, (byte) => parseInt(byte, 16));
  const valid = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(authSecret(env)),
    mac,
    payload(userId, scope as UnsubscribeScope),
  );
  return valid ? { userId, scope: scope as UnsubscribeScope } : null;
}
