import type { Context } from "hono";
import type { AppEnv, HonoEnv } from "../env";
import { createAuth } from "./auth";
import { unauthenticated } from "./errors";

export type SessionUser = {
  id: string;
  email: string;
  fullName: string;
  avatarUrl: string | null;
  emailVerified: boolean;
  platformRole: "staff" | null;
};

/** The signed-in user behind a request's session cookie, or null. */
export async function getSessionUser(env: AppEnv, headers: Headers): Promise<SessionUser | null> {
  if (!headers.get("cookie")) return null;
  const auth = createAuth(env, new Request(env.APP_URL, { headers }));
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const user = session.user as typeof session.user & { platformRole?: string | null };
  return {
    id: user.id,
    email: user.email,
    fullName: user.name,
    avatarUrl: user.image ?? null,
    emailVerified: user.emailVerified,
    platformRole: user.platformRole === "staff" ? "staff" : null,
  };
}

/** Session user for route handlers, read once per request. */
export async function currentUser(c: Context<HonoEnv>): Promise<SessionUser | null> {
  const cached = c.get("user");
  if (cached !== undefined) return cached;
  const user = await getSessionUser(c.env, c.req.raw.headers);
  c.set("user", user);
  return user;
}

export async function requireUser(c: Context<HonoEnv>): Promise<SessionUser> {
  const user = await currentUser(c);
  if (!user) throw unauthenticated();
  return user;
}
