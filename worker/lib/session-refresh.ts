import { eq } from "drizzle-orm";
import type { Context } from "hono";
import type { HonoEnv } from "../env";
import { isDevelopment } from "../env";
import { SESSION_TTL_S, SESSION_UPDATE_AGE_S } from "./auth-config";
import { sessions } from "./tables";

/**
 * Sessions slide like better-auth's own: once a day of use pushes the expiry 30 days ahead, and the
 * cookie is re-sent with the new lifetime, unless the user signed in without "Remember me" (then the
 * cookie stays a browser-session cookie and only the server-side expiry moves).
 */
export function refreshSessionIfDue(c: Context<HonoEnv>, session: { id: string; updatedAt: number }) {
  const now = Date.now();
  if (now - session.updatedAt < SESSION_UPDATE_AGE_S * 1000) return;
  const expiresAt = now + SESSION_TTL_S * 1000;
  c.executionCtx.waitUntil(
    c.var.db
      .update(sessions)
      .set({ expiresAt: new Date(expiresAt), updatedAt: new Date(now) })
      .where(eq(sessions.id, session.id))
      .then(),
  );
  const cookies = c.req.header("cookie") ?? "";
  if (/(^|;\s*)(__Secure-)?agora\.dont_remember=/.test(cookies)) return;
  const match = cookies.match(/(?:^|;\s*)((?:__Secure-)?agora\.session_token)=([^;]+)/);
  if (!match) return;
  const secure = !isDevelopment(c.env);
  c.header(
    "Set-Cookie",
    `${match[1]}=${match[2]}; Max-Age=${SESSION_TTL_S}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
    { append: true },
  );
}
