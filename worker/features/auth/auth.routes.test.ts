import { env } from "cloudflare:workers";
import { stopClock } from "../../../tests/clock";
import { describe, expect, it } from "vitest";
import { call, cookieFrom, createUser, expectError, freshIp, lastMailTo, ORIGIN, TEST_PASSWORD } from "../../../tests/factories";

const uniqueEmail = () => `person-${crypto.randomUUID()}@example.com`;
const countUsers = async () => (await env.DB.prepare("select count(*) as n from users").first<{ n: number }>())!.n;
const signUpBody = (email: string) => ({
  name: "Nika Tsereteli",
  email,
  password: "river-stone-77",
  callbackURL: "/auth/complete-profile",
});

describe("sign-up and e-mail verification", () => {
  it("creates an unverified account and sends a verification link that signs the user in", async () => {
    const email = uniqueEmail();
    const res = await call("/api/auth/sign-up/email", { body: signUpBody(email) });
    expect(res.status).toBe(200);
    expect(cookieFrom(res)).not.toContain("session_token");

    const mail = await lastMailTo(email);
    expect(mail?.subject).toBe("Verify your e-mail address");
    expect(mail?.link).toContain(`${ORIGIN}/api/auth/verify-email?token=`);

    const blocked = await call("/api/auth/sign-in/email", { body: { email, password: "river-stone-77" } });
    await expectError(blocked, 403, "EMAIL_NOT_VERIFIED");

    const verify = await call(new URL(mail!.link!).pathname + new URL(mail!.link!).search);
    expect(verify.status).toBe(302);
    expect(verify.headers.get("location")).toContain("/auth/complete-profile");
    const cookie = cookieFrom(verify);
    expect(cookie).toContain("agora.session_token=");

    const me = await call("/api/me", { cookie });
    const body = (await me.json()) as { user: { email: string; fullName: string; emailVerified: boolean } };
    expect(body.user).toMatchObject({ email, fullName: "Nika Tsereteli", emailVerified: true });
  });

  it("stores the name in NFC and answers it as stored", async () => {
    const { user } = await createUser({ name: "Rene\u0301 Gelashvili" });
    expect(user.fullName).toBe("René Gelashvili");
    const row = await env.DB.prepare("select full_name from users where id = ?").bind(user.id).first<{ full_name: string }>();
    expect(row?.full_name).toBe("René Gelashvili");
  });

  it("never makes a second account for an e-mail, and does not reveal that it exists", async () => {
    const email = uniqueEmail();
    expect((await call("/api/auth/sign-up/email", { body: signUpBody(email) })).status).toBe(200);
    const again = await call("/api/auth/sign-up/email", { body: signUpBody(email) });
    expect(again.status).toBe(200);
    expect(cookieFrom(again)).not.toContain("session_token");
    const rows = await env.DB.prepare("select count(*) as n from users where email = ?").bind(email).first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it.each([
    ["malformed JSON", { rawBody: '{"name": "x",' }, 400, "BAD_REQUEST", []],
    ["an empty body", { body: {} }, 422, "VALIDATION_FAILED", ["name", "email", "password"]],
    ["wrong types", { body: { name: 5, email: true, password: ["x"] } }, 422, "VALIDATION_FAILED", ["name", "email", "password"]],
    [
      "a too-long name",
      { body: { ...signUpBody("long@example.com"), name: "x".repeat(101) } },
      422,
      "VALIDATION_FAILED",
      ["name"],
    ],
    [
      "a name with a right-to-left override",
      { body: { ...signUpBody("rlo@example.com"), name: "Nika \u202eilileretseT" } },
      422,
      "VALIDATION_FAILED",
      ["name"],
    ],
    ["a too-long e-mail", { body: { ...signUpBody(`${"a".repeat(250)}@example.com`) } }, 422, "VALIDATION_FAILED", ["email"]],
    [
      "a too-long password",
      { body: { ...signUpBody("pw@example.com"), password: `a1${"x".repeat(127)}` } },
      422,
      "VALIDATION_FAILED",
      ["password"],
    ],
    [
      "a weak password",
      { body: { ...signUpBody("weak@example.com"), password: "short" } },
      422,
      "VALIDATION_FAILED",
      ["password"],
    ],
    [
      "a password without digits",
      { body: { ...signUpBody("nodigit@example.com"), password: "onlyletters" } },
      422,
      "VALIDATION_FAILED",
      ["password"],
    ],
    ["an invalid e-mail", { body: { ...signUpBody("not-an-email") } }, 422, "VALIDATION_FAILED", ["email"]],
    [
      "an off-site callback",
      { body: { ...signUpBody("cb@example.com"), callbackURL: "https://evil.example/x" } },
      422,
      "VALIDATION_FAILED",
      ["callbackURL"],
    ],
  ] as const)("answers %s with a clear error and writes nothing", async (_name, opts, status, code, paths) => {
    const before = await countUsers();
    const body = await expectError(await call("/api/auth/sign-up/email", { ...opts, method: "POST" }), status, code);
    for (const path of paths) expect(body.error.issues?.map((i) => i.path)).toContain(path);
    expect(await countUsers()).toBe(before);
  });
});

describe("sign-in and sign-out", () => {
  it("signs in, reads the session and signs out", async () => {
    const { user, cookie } = await createUser({ name: "Tamar Lomidze" });
    const me = (await (await call("/api/me", { cookie })).json()) as { user: { id: string } };
    expect(me.user.id).toBe(user.id);

    const out = await call("/api/auth/sign-out", { body: {}, cookie });
    expect(out.status).toBe(200);
    const after = (await (await call("/api/me", { cookie })).json()) as { user: null };
    expect(after.user).toBeNull();
  });

  it("makes a browser-session cookie when Remember me is off and a lasting one when it is on", async () => {
    const { user } = await createUser();
    const short = await call("/api/auth/sign-in/email", {
      body: { email: user.email, password: TEST_PASSWORD, rememberMe: false },
    });
    const shortCookie = short.headers.getSetCookie().find((c) => c.startsWith("agora.session_token="))!;
    expect(shortCookie).not.toMatch(/max-age|expires/i);
    const long = await call("/api/auth/sign-in/email", {
      body: { email: user.email, password: TEST_PASSWORD, rememberMe: true },
    });
    const longCookie = long.headers.getSetCookie().find((c) => c.startsWith("agora.session_token="))!;
    expect(longCookie).toMatch(/max-age=\d+/i);
    expect(longCookie).toMatch(/httponly/i);
    expect(longCookie).toMatch(/samesite=lax/i);
  });

  it("keeps the session token in the HttpOnly cookie only, never in the answer's body", async () => {
    const { user } = await createUser();
    const res = await call("/api/auth/sign-in/email", { body: { email: user.email, password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    const token = decodeURIComponent(cookieFrom(res).match(/agora\.session_token=([^.;]+)/)![1]!);
    const text = await res.text();
    expect(JSON.parse(text)).not.toHaveProperty("token");
    expect(text).not.toContain(token);
  });

  it("refuses a wrong password with the error envelope", async () => {
    const { user } = await createUser();
    const res = await call("/api/auth/sign-in/email", { body: { email: user.email, password: "wrong-password-1" } });
    const body = await expectError(res, 401, "INVALID_EMAIL_OR_PASSWORD");
    expect(body.error.message).toMatch(/invalid/i);
  });

  it.each([
    ["malformed JSON", { rawBody: "{bad" }, 400],
    ["missing fields", { body: {} }, 422],
    ["wrong types", { body: { email: 1, password: 2, rememberMe: "yes" } }, 422],
    ["a too-long password", { body: { email: "a@example.com", password: "x".repeat(129) } }, 422],
  ] as const)("answers %s without a 500", async (_name, opts, status) => {
    await expectError(await call("/api/auth/sign-in/email", { ...opts, method: "POST" }), status);
  });

  it("limits sign-in attempts per address with 429 and Retry-After", async () => {
    // N requests in one fixed window, however long they take.
    stopClock();
    const ip = freshIp();
    // A new account each time, so only the address's limit is at work.
    const attempt = (from = ip) =>
      call("/api/auth/sign-in/email", { ip: from, body: { email: uniqueEmail(), password: "whatever-123" } });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    await expectError(limited, 429, "RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await attempt(freshIp())).status).toBe(401);
  });

  it("limits sign-ups per address", async () => {
    // N requests in one fixed window, however long they take.
    stopClock();
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await call("/api/auth/sign-up/email", { ip, body: signUpBody(uniqueEmail()) })).status).toBe(200);
    await expectError(await call("/api/auth/sign-up/email", { ip, body: signUpBody(uniqueEmail()) }), 429, "RATE_LIMITED");
  });

  it("refuses cross-site writes", async () => {
    const { user } = await createUser();
    const res = await call("/api/auth/sign-in/email", {
      body: { email: user.email, password: TEST_PASSWORD },
      headers: { origin: "https://evil.example" },
    });
    await expectError(res, 403, "FORBIDDEN");
  });
});

describe("password reset", () => {
  it("answers the same for unknown addresses and sends nothing", async () => {
    const email = uniqueEmail();
    const res = await call("/api/auth/request-password-reset", { body: { email } });
    expect(res.status).toBe(200);
    expect(await lastMailTo(email)).toBeNull();
  });

  it("resets with a single-use link to our reset page", async () => {
    const { user } = await createUser();
    expect(
      (await call("/api/auth/request-password-reset", { body: { email: user.email, redirectTo: "https://evil.example/steal" } }))
        .status,
    ).toBe(200);
    const mail = await lastMailTo(user.email);
    expect(mail?.subject).toBe("Reset your password");
    const link = new URL(mail!.link!);
    const open = await call(link.pathname + link.search);
    expect(open.status).toBe(302);
    const target = new URL(open.headers.get("location")!, ORIGIN);
    expect(target.origin).toBe(ORIGIN);
    expect(target.pathname).toBe("/auth/reset-password");
    const token = target.searchParams.get("token")!;
    expect(token).toBeTruthy();

    expect((await call("/api/auth/reset-password", { body: { token, newPassword: "new-secret-99" } })).status).toBe(200);
    expect((await call("/api/auth/sign-in/email", { body: { email: user.email, password: "new-secret-99" } })).status).toBe(200);
    expect((await call("/api/auth/sign-in/email", { body: { email: user.email, password: TEST_PASSWORD } })).status).toBe(401);

    await expectError(
      await call("/api/auth/reset-password", { body: { token, newPassword: "another-secret-98" } }),
      400,
      "INVALID_TOKEN",
    );
  });

  it("refuses an expired link", async () => {
    const { user } = await createUser();
    await call("/api/auth/request-password-reset", { body: { email: user.email } });
    const link = new URL((await lastMailTo(user.email))!.link!);
    const token = link.pathname.split("/").pop()!;
    await env.DB.prepare("update verifications set expires_at = ? where identifier like ?")
      .bind(Date.now() - 1000, `%${token}%`)
      .run();
    await expectError(
      await call("/api/auth/reset-password", { body: { token, newPassword: "new-secret-99" } }),
      400,
      "INVALID_TOKEN",
    );
  });

  it.each([
    ["a weak new password", { token: "abc", newPassword: "123" }, ["newPassword"]],
    ["a missing token", { newPassword: "good-pass-12" }, ["token"]],
    ["a too-long token", { token: "t".repeat(201), newPassword: "good-pass-12" }, ["token"]],
  ] as const)("validates %s", async (_name, body, paths) => {
    const res = await expectError(await call("/api/auth/reset-password", { body }), 422, "VALIDATION_FAILED");
    for (const path of paths) expect(res.error.issues?.map((i) => i.path)).toContain(path);
  });

  it("limits reset requests per address", async () => {
    // N requests in one fixed window, however long they take.
    stopClock();
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await call("/api/auth/request-password-reset", { ip, body: { email: uniqueEmail() } })).status).toBe(200);
    await expectError(
      await call("/api/auth/request-password-reset", { ip, body: { email: uniqueEmail() } }),
      429,
      "RATE_LIMITED",
    );
  });
});

describe("every response", () => {
  it("carries the security headers, also on errors and auth answers", async () => {
    for (const res of [await call("/api/me"), await call("/api/nope"), await call("/api/auth/sign-in/email", { body: {} })]) {
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-request-id")).toBeTruthy();
    }
  });
});
