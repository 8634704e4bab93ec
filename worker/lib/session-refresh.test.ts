import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, cookieFrom, createUser, TEST_PASSWORD } from "../../tests/factories";

const DAY = 24 * 60 * 60 * 1000;

async function ageSession(userId: string) {
  await env.DB.prepare("update sessions set updated_at = ?, expires_at = ? where user_id = ?")
    .bind(Date.now() - 2 * DAY, Date.now() + 5 * DAY, userId)
    .run();
}
const expiry = async (userId: string) =>
  (await env.DB.prepare("select max(expires_at) as e from sessions where user_id = ?").bind(userId).first<{ e: number }>())!.e;

describe("sliding sessions", () => {
  it("pushes a day-old session 30 days ahead and re-sends a lasting cookie", async () => {
    const { user } = await createUser();
    const signIn = await call("/api/auth/sign-in/email", {
      body: { email: user.email, password: TEST_PASSWORD, rememberMe: true },
    });
    const cookie = cookieFrom(signIn);
    await ageSession(user.id);
    const res = await call("/api/me", { cookie });
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("agora.session_token="));
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie!.split(";")[0]).toBe(cookie.split("; ").find((c) => c.startsWith("agora.session_token="))!);
    await new Promise((r) => setTimeout(r, 50));
    expect(await expiry(user.id)).toBeGreaterThan(Date.now() + 29 * DAY);
    // A fresh session is left alone.
    const again = await call("/api/me", { cookie });
    expect(again.headers.getSetCookie().some((c) => c.startsWith("agora.session_token="))).toBe(false);
  });

  it("keeps a browser-session cookie for people who did not ask to be remembered", async () => {
    const { user } = await createUser();
    const signIn = await call("/api/auth/sign-in/email", {
      body: { email: user.email, password: TEST_PASSWORD, rememberMe: false },
    });
    const cookie = cookieFrom(signIn);
    expect(cookie).toContain("agora.dont_remember=");
    await ageSession(user.id);
    const res = await call("/api/me", { cookie });
    expect(res.headers.getSetCookie().some((c) => c.startsWith("agora.session_token="))).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(await expiry(user.id)).toBeGreaterThan(Date.now() + 29 * DAY);
  });
});
