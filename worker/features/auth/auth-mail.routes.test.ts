import { env } from "cloudflare:workers";
import { stopClock } from "../../../tests/clock";
import { describe, expect, it } from "vitest";
import { call, createUser, expectError, mailCountTo, TEST_PASSWORD } from "../../../tests/factories";

const uniqueEmail = () => `person-${crypto.randomUUID()}@example.com`;

describe("mail per recipient", () => {
  it("sends at most three verification mails an hour to an unverified account, answering the same each time", async () => {
    // N requests in one fixed window, however long they take.
    stopClock();
    const email = uniqueEmail();
    const signUp = await call("/api/auth/sign-up/email", { body: { name: "Eka Beridze", email, password: TEST_PASSWORD } });
    expect(signUp.status).toBe(200);
    expect(await mailCountTo(email)).toBe(1);

    const answers = [];
    for (let i = 0; i < 5; i++) {
      const res = await call("/api/auth/sign-in/email", { body: { email, password: TEST_PASSWORD } });
      answers.push(await expectError(res, 403, "EMAIL_NOT_VERIFIED"));
    }
    expect(new Set(answers.map((a) => a.error.message)).size).toBe(1);
    expect(await mailCountTo(email)).toBe(3);
  });

  it("counts sign-up's mail and sign-in's mail together, whatever the address's case", async () => {
    // N requests in one fixed window, however long they take.
    stopClock();
    const email = uniqueEmail();
    await call("/api/auth/sign-up/email", { body: { name: "Eka Beridze", email, password: TEST_PASSWORD } });
    // Signing up again with a taken address mails nothing new, but answers as the first time.
    for (let i = 0; i < 3; i++) {
      const again = await call("/api/auth/sign-up/email", {
        body: { name: "Eka Beridze", email: email.toUpperCase(), password: TEST_PASSWORD },
      });
      expect(again.status).toBe(200);
    }
    for (let i = 0; i < 3; i++) {
      await call("/api/auth/sign-in/email", { body: { email: email.toUpperCase(), password: TEST_PASSWORD } });
    }
    expect(await mailCountTo(email)).toBe(3);
  });

  it("sends at most three reset mails an hour to one account, from any number of addresses", async () => {
    // N requests in one fixed window, however long they take.
    stopClock();
    const { user } = await createUser();
    for (let i = 0; i < 5; i++) {
      expect((await call("/api/auth/request-password-reset", { body: { email: user.email } })).status).toBe(200);
    }
    expect(await mailCountTo(user.email, "password_reset")).toBe(3);
  });

  it("answers an unknown address exactly like a known one that is over its cap", async () => {
    // N requests in one fixed window, however long they take.
    stopClock();
    const { user } = await createUser();
    for (let i = 0; i < 3; i++) await call("/api/auth/request-password-reset", { body: { email: user.email } });
    const known = await call("/api/auth/request-password-reset", { body: { email: user.email } });
    const unknown = await call("/api/auth/request-password-reset", { body: { email: uniqueEmail() } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(await known.json());
  });

  it("keeps counting reset and verification mails apart", async () => {
    // N requests in one fixed window, however long they take.
    stopClock();
    const email = uniqueEmail();
    await call("/api/auth/sign-up/email", { body: { name: "Eka Beridze", email, password: TEST_PASSWORD } });
    for (let i = 0; i < 3; i++) await call("/api/auth/sign-in/email", { body: { email, password: TEST_PASSWORD } });
    await env.DB.prepare("update users set email_verified = 1 where email = ?").bind(email).run();
    await call("/api/auth/request-password-reset", { body: { email } });
    const kinds = await env.DB.prepare('select kind, count(*) as n from mail_outbox where "to" = ? group by kind order by kind')
      .bind(email)
      .all<{ kind: string; n: number }>();
    expect(kinds.results).toEqual([
      { kind: "password_reset", n: 1 },
      { kind: "verify_email", n: 3 },
    ]);
  });
});

describe("resending the verification mail", () => {
  it("is not an endpoint: signing in again resends it (within the cap)", async () => {
    // N requests in one fixed window, however long they take.
    stopClock();
    const res = await call("/api/auth/send-verification-email", { body: { email: uniqueEmail() } });
    await expectError(res, 404, "NOT_FOUND");
  });
});
