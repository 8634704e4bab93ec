import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, cookieFrom, createUser, expectError, freshIp, TEST_PASSWORD } from "../../../tests/factories";
import { backoffRules } from "../../lib/rate-limit";

const uniqueEmail = () => `person-${crypto.randomUUID()}@example.com`;

const signIn = (email: string, password: string, opts: { ip?: string | null; cookie?: string } = {}) =>
  call("/api/auth/sign-in/email", { ...opts, body: { email, password } });

/** Wrong passwords for `email`, each from its own address, all refused as wrong. */
async function fail(email: string, times: number) {
  for (let i = 0; i < times; i++) expect((await signIn(email, "wrong-password-1")).status).toBe(401);
}

/**
 * Puts the account's last failure `ago` ms in the past (so a test can wait out a back-off, or measure
 * one without the time the requests took), optionally with another count of failures.
 */
async function lastFailure(email: string, ago: number, failures?: number) {
  await env.DB.prepare("update rate_limits set window_start = ?, count = coalesce(?, count) where key = ?")
    .bind(Date.now() - ago, failures ?? null, `${backoffRules.signIn.name}:${email}`)
    .run();
}

/** Five real failures, then enough more on record that the account waits half a minute. */
async function holdBack(email: string) {
  await fail(email, 5);
  await lastFailure(email, 0, 10);
}

/** The browser's cookies after a good sign-in: the session and the device mark. */
async function knownDevice(email: string): Promise<string> {
  const res = await signIn(email, TEST_PASSWORD);
  expect(res.status).toBe(200);
  return cookieFrom(res);
}

// Each failure costs a password hash (about 100-200 ms here), and these tests need many.
const slow = { timeout: 20_000 };

describe("per-account back-off on sign-in", slow, () => {
  it("holds an account back after five failures from any number of addresses, doubling the wait", async () => {
    const { user } = await createUser();
    await fail(user.email, 5);
    await lastFailure(user.email, 0);

    const held = await signIn(user.email, "wrong-password-1");
    await expectError(held, 429, "RATE_LIMITED");
    expect(held.headers.get("retry-after")).toBe("1");
    // The right password from a new device waits too: the counter is the account's, not the address's.
    await expectError(await signIn(user.email, TEST_PASSWORD), 429, "RATE_LIMITED");

    await lastFailure(user.email, 1_000);
    await fail(user.email, 1);
    await lastFailure(user.email, 0);
    expect((await signIn(user.email, "wrong-password-1")).headers.get("retry-after")).toBe("2");
    await lastFailure(user.email, 2_000);
    await fail(user.email, 1);
    await lastFailure(user.email, 0);
    expect((await signIn(user.email, "wrong-password-1")).headers.get("retry-after")).toBe("4");
  });

  it("caps the wait at 15 minutes", async () => {
    const email = uniqueEmail();
    await fail(email, 5);
    await lastFailure(email, 0, 80);
    const held = await signIn(email, "wrong-password-1");
    const body = await expectError(held, 429, "RATE_LIMITED");
    expect(held.headers.get("retry-after")).toBe("900");
    expect(body.error.message).toBe("Too many attempts. Please try again in 15 minutes.");
  });

  it("starts over after a good sign-in", async () => {
    const { user } = await createUser();
    await fail(user.email, 4);
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(200);
    await holdBack(user.email);
    await expectError(await signIn(user.email, "wrong-password-1"), 429, "RATE_LIMITED");
  });

  it("answers the same for an account that does not exist", async () => {
    const { user } = await createUser();
    const nobody = uniqueEmail();
    await holdBack(user.email);
    await holdBack(nobody);
    // The same failures at the same moment, so the two answers can be compared to the second.
    await lastFailure(user.email, 0, 10);
    await lastFailure(nobody, 0, 10);
    const [known, unknown] = [await signIn(user.email, "wrong-password-1"), await signIn(nobody, "wrong-password-1")];
    expect(unknown.status).toBe(known.status);
    expect(unknown.headers.get("retry-after")).toBe(known.headers.get("retry-after"));
    const [a, b] = [await expectError(known, 429, "RATE_LIMITED"), await expectError(unknown, 429, "RATE_LIMITED")];
    expect(b.error.message).toBe(a.error.message);
  });

  it("counts the address however it is written", async () => {
    const email = uniqueEmail();
    await holdBack(email);
    await expectError(await signIn(`  ${email.toUpperCase()} `, "wrong-password-1"), 429, "RATE_LIMITED");
  });
});

describe("the owner's known device", slow, () => {
  it("still signs in with the right password while the account is held back", async () => {
    const { user } = await createUser();
    const device = await knownDevice(user.email);
    await holdBack(user.email);
    await expectError(await signIn(user.email, TEST_PASSWORD), 429, "RATE_LIMITED");

    const owner = await signIn(user.email, TEST_PASSWORD, { cookie: device });
    expect(owner.status).toBe(200);
    // ...and that good sign-in ends the back-off for everyone.
    expect((await signIn(user.email, "wrong-password-1")).status).toBe(401);
  });

  it("still gets 401 for a wrong password, and the per-address limit still applies", async () => {
    const { user } = await createUser();
    const device = await knownDevice(user.email);
    await holdBack(user.email);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await signIn(user.email, "wrong-password-1", { ip, cookie: device })).status).toBe(401);
    await expectError(await signIn(user.email, TEST_PASSWORD, { ip, cookie: device }), 429, "RATE_LIMITED");
  });

  it("sets a lasting, HttpOnly, SameSite=Lax device cookie on every good sign-in", async () => {
    const { user } = await createUser();
    const res = await signIn(user.email, TEST_PASSWORD);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("agora.device="));
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).toMatch(/path=\//i);
    expect(Number(cookie?.match(/max-age=(\d+)/i)?.[1])).toBeGreaterThan(300 * 24 * 60 * 60);
  });

  it("is no pass for another account, nor when forged", async () => {
    const { user } = await createUser();
    const other = await createUser();
    const otherDevice = await knownDevice(other.user.email);
    await holdBack(user.email);
    await expectError(await signIn(user.email, TEST_PASSWORD, { cookie: otherDevice }), 429, "RATE_LIMITED");

    const deviceId = otherDevice.match(/agora\.device=([^.;]+)\./)![1];
    for (const forged of [
      `agora.device=${deviceId}.AAAA`,
      "agora.device=x",
      "agora.device=",
      `agora.device=${"a".repeat(5000)}`,
    ]) {
      await expectError(await signIn(user.email, TEST_PASSWORD, { cookie: forged }), 429, "RATE_LIMITED");
    }
  });
});

describe("requests without a client address", slow, () => {
  it("do not share one sign-in bucket", async () => {
    for (let i = 0; i < 12; i++) expect((await signIn(uniqueEmail(), "wrong-password-1", { ip: null })).status).toBe(401);
  });

  it("do not share one reset bucket, yet each address is still limited", async () => {
    const reset = (email: string) => call("/api/auth/request-password-reset", { ip: null, body: { email } });
    for (let i = 0; i < 7; i++) expect((await reset(uniqueEmail())).status).toBe(200);
    const email = uniqueEmail();
    for (let i = 0; i < 5; i++) expect((await reset(email)).status).toBe(200);
    await expectError(await reset(email), 429, "RATE_LIMITED");
  });
});
