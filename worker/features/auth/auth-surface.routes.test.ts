import { describe, expect, it } from "vitest";
import { call, createUser, expectError, lastMailTo, ORIGIN, TEST_PASSWORD } from "../../../tests/factories";

const uniqueEmail = () => `person-${crypto.randomUUID()}@example.com`;

/**
 * better-auth endpoints the app has no use for; none may be reachable. (change-password and change-email
 * are the app's own front door now, validated before better-auth sees them: the account route tests.)
 */
const unused = [
  ["POST", "/api/auth/update-user"],
  ["POST", "/api/auth/delete-user"],
  ["GET", "/api/auth/delete-user/callback"],
  ["POST", "/api/auth/set-password"],
  ["POST", "/api/auth/verify-password"],
  ["GET", "/api/auth/get-session"],
  ["GET", "/api/auth/list-sessions"],
  ["POST", "/api/auth/revoke-session"],
  ["POST", "/api/auth/revoke-sessions"],
  ["POST", "/api/auth/revoke-other-sessions"],
  ["POST", "/api/auth/update-session"],
  ["POST", "/api/auth/send-verification-email"],
  ["POST", "/api/auth/sign-in/social"],
  ["POST", "/api/auth/link-social"],
  ["GET", "/api/auth/list-accounts"],
  ["POST", "/api/auth/unlink-account"],
  ["GET", "/api/auth/account-info"],
  ["GET", "/api/auth/ok"],
  ["GET", "/api/auth/error"],
  ["GET", "/api/auth/no-such-thing"],
  ["GET", "/api/auth/sign-in/email"],
] as const;

describe("the auth endpoints the app does not use", () => {
  it.each(unused)("%s %s is a 404 envelope, signed in or out", async (method, path) => {
    const { cookie } = await createUser();
    for (const who of [undefined, cookie]) {
      const res = await call(path, { method, cookie: who, body: method === "POST" ? { name: "x" } : undefined });
      await expectError(res, 404, "NOT_FOUND");
    }
  });

  it("update-user changes nothing, whatever it is sent", async () => {
    const { cookie } = await createUser({ name: "Levan Kiknadze" });
    for (const name of ["x".repeat(2_000_000), 5, null, { a: 1 }]) {
      const res = await call("/api/auth/update-user", { cookie, body: { name, image: "javascript:alert(1)" } });
      await expectError(res, 404, "NOT_FOUND");
    }
    const me = (await (await call("/api/me", { cookie })).json()) as { user: { fullName: string; avatarUrl: string | null } };
    expect(me.user.fullName).toBe("Levan Kiknadze");
    expect(me.user.avatarUrl).toBeNull();
  });
});

describe("the e-mailed links", () => {
  it("carry a same-site path as their callback", async () => {
    const { user } = await createUser();
    await call("/api/auth/request-password-reset", { body: { email: user.email } });
    const link = new URL((await lastMailTo(user.email))!.link!);
    expect(link.origin).toBe(ORIGIN);
    expect(link.searchParams.get("callbackURL")).toBe("/auth/reset-password");
  });

  it.each([
    ["no token", "/api/auth/verify-email", ["token"]],
    ["an empty token", "/api/auth/verify-email?token=", ["token"]],
    ["a too-long token", `/api/auth/verify-email?token=${"t".repeat(1001)}`, ["token"]],
    ["an off-site callback", "/api/auth/verify-email?token=abc&callbackURL=https%3A%2F%2Fevil.example%2F", ["callbackURL"]],
    ["a protocol-relative callback", "/api/auth/verify-email?token=abc&callbackURL=%2F%2Fevil.example", ["callbackURL"]],
    // URL parsers drop the tab, leaving "//evil.example".
    ["a callback with a tab", "/api/auth/verify-email?token=abc&callbackURL=%2F%09%2Fevil.example", ["callbackURL"]],
    ["a repeated token", "/api/auth/verify-email?token=abc&token=def", ["token"]],
    ["a reset link without callback", "/api/auth/reset-password/abc", ["callbackURL"]],
    ["a reset link to another site", "/api/auth/reset-password/abc?callbackURL=https%3A%2F%2Fevil.example%2Fx", ["callbackURL"]],
    ["a too-long reset token", `/api/auth/reset-password/${"t".repeat(201)}?callbackURL=%2Fauth%2Freset-password`, ["token"]],
  ] as const)("refuse %s with 422 and the field", async (_name, path, fields) => {
    const body = await expectError(await call(path), 422, "VALIDATION_FAILED");
    for (const field of fields) expect(body.error.issues?.map((i) => i.path)).toContain(field);
  });

  it("send an unknown token back to our own page with the error", async () => {
    const verify = await call("/api/auth/verify-email?token=not-a-token&callbackURL=%2Fauth%2Fcomplete-profile");
    expect(verify.status).toBe(302);
    const target = new URL(verify.headers.get("location")!, ORIGIN);
    expect(target.origin).toBe(ORIGIN);
    expect(target.pathname).toBe("/auth/complete-profile");
    expect(target.searchParams.get("error")).toBe("INVALID_TOKEN");

    const reset = await call("/api/auth/reset-password/not-a-token?callbackURL=%2Fauth%2Freset-password");
    expect(reset.status).toBe(302);
    const back = new URL(reset.headers.get("location")!, ORIGIN);
    expect(back.origin).toBe(ORIGIN);
    expect(back.searchParams.get("error")).toBe("INVALID_TOKEN");
  });
});

describe("bad shapes on the kept endpoints", () => {
  it.each([
    ["sign-in", "/api/auth/sign-in/email", { email: ["a@example.com"], password: TEST_PASSWORD }, ["email"]],
    ["reset request", "/api/auth/request-password-reset", { email: 12 }, ["email"]],
    ["reset", "/api/auth/reset-password", { token: {}, newPassword: null }, ["token", "newPassword"]],
    ["sign-up", "/api/auth/sign-up/email", { name: "x".repeat(10_000), email: uniqueEmail(), password: TEST_PASSWORD }, ["name"]],
  ] as const)("%s answers 422 VALIDATION_FAILED with the fields", async (_name, path, body, fields) => {
    const res = await expectError(await call(path, { body }), 422, "VALIDATION_FAILED");
    for (const field of fields) expect(res.error.issues?.map((i) => i.path)).toContain(field);
  });

  it("sign-out ignores whatever body it is sent", async () => {
    const { cookie } = await createUser();
    const out = await call("/api/auth/sign-out", { rawBody: "{not json", cookie });
    expect(out.status).toBe(200);
    const after = (await (await call("/api/me", { cookie })).json()) as { user: null };
    expect(after.user).toBeNull();
  });

  it("sign-in ignores a query string it has no use for", async () => {
    const email = uniqueEmail();
    const res = await call("/api/auth/sign-in/email?callbackURL=https%3A%2F%2Fevil.example", {
      body: { email, password: TEST_PASSWORD },
    });
    await expectError(res, 401, "INVALID_EMAIL_OR_PASSWORD");
  });
});
