import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createUser, expectError, lastMailTo, TEST_PASSWORD } from "../../../tests/factories";

const uniqueEmail = () => `person-${crypto.randomUUID()}@example.com`;
const signUp = (email: string, language?: unknown) =>
  call("/api/auth/sign-up/email", {
    body: { name: "Nika Tsereteli", email, password: TEST_PASSWORD, ...(language === undefined ? {} : { language }) },
  });
const accountLanguage = async (email: string) =>
  (await env.DB.prepare("select language from users where email = ?").bind(email).first<{ language: string }>())?.language;

describe("the language of an account's e-mails", () => {
  it("is the UI's language at sign-up: the verification mail of a Russian sign-up is in Russian", async () => {
    const email = uniqueEmail();
    expect((await signUp(email, "ru")).status).toBe(200);
    expect(await accountLanguage(email)).toBe("ru");
    const mail = await lastMailTo(email);
    expect(mail?.subject).toBe("Подтвердите адрес электронной почты");
    expect(mail?.text).toContain("Здравствуйте, Nika Tsereteli! Добро пожаловать в Agora!");
    expect(mail?.text).toContain("Подтвердить адрес: http");
  });

  it("is English for a sign-up that names no language", async () => {
    const email = uniqueEmail();
    expect((await signUp(email)).status).toBe(200);
    expect(await accountLanguage(email)).toBe("en");
    expect((await lastMailTo(email))?.subject).toBe("Verify your e-mail address");
  });

  it("refuses a language the app does not speak, naming the field, and creates no account", async () => {
    const email = uniqueEmail();
    const body = await expectError(await signUp(email, "de"), 422, "VALIDATION_FAILED");
    expect(body.error.issues).toEqual([{ path: "language", message: "Language must be one of en, ka, ru" }]);
    expect(await accountLanguage(email)).toBeUndefined();
    expect(await lastMailTo(email)).toBeNull();
  });

  it("follows the account: a verification mail resent at sign-in is in the account's language", async () => {
    const email = uniqueEmail();
    await signUp(email, "ka");
    await expectError(
      await call("/api/auth/sign-in/email", { body: { email, password: TEST_PASSWORD } }),
      403,
      "EMAIL_NOT_VERIFIED",
    );
    expect((await lastMailTo(email))?.subject).toBe("დაადასტურეთ თქვენი ელფოსტის მისამართი");
  });

  it("follows a change in the language menu: the reset mail comes in the newly chosen language", async () => {
    const { user, cookie } = await createUser();
    await call("/api/auth/request-password-reset", { body: { email: user.email } });
    expect((await lastMailTo(user.email))?.subject).toBe("Reset your password");

    const set = await call("/api/me/preferences", { method: "PATCH", cookie, body: { language: "ka" } });
    expect(set.status).toBe(200);
    await call("/api/auth/request-password-reset", { body: { email: user.email } });
    const mail = await lastMailTo(user.email);
    expect(mail?.subject).toBe("პაროლის აღდგენა");
    expect(mail?.text).toContain("გამარჯობა, Test User!");
  });
});
