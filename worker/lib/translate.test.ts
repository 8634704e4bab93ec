import { describe, expect, it } from "vitest";
import { call, createUser, expectError } from "../../tests/factories";
import { requestLanguage } from "./translate";

const badTicket = { subject: " ", message: "", priority: "asap" };
const goodTicket = { subject: "Hi", message: "Hello" };

describe("error answers in the request's language", () => {
  it("keep the English answer as it was, saying it is English", async () => {
    const member = await createUser();
    const res = await call("/api/support/tickets", { body: badTicket, cookie: member.cookie });
    expect(res.headers.get("content-language")).toBe("en");
    const body = await expectError(res, 422, "VALIDATION_FAILED");
    expect(body.error.message).toBe("Some fields are not valid.");
    expect(body.error.issues).toEqual(
      expect.arrayContaining([
        { path: "subject", message: "Subject is required" },
        { path: "priority", message: "Priority must be one of low, medium, high, urgent" },
      ]),
    );
  });

  it("translate the message and every issue into Georgian and Russian, keeping code and path", async () => {
    const member = await createUser();
    const ka = await call("/api/support/tickets", {
      body: badTicket,
      cookie: member.cookie,
      headers: { "accept-language": "ka-GE,ka;q=0.9,en;q=0.8" },
    });
    expect(ka.headers.get("content-language")).toBe("ka");
    const kaBody = await expectError(ka, 422, "VALIDATION_FAILED");
    expect(kaBody.error.message).toBe("ზოგიერთი ველი არასწორადაა შევსებული.");
    expect(kaBody.error.issues).toEqual(
      expect.arrayContaining([
        { path: "subject", message: "„თემა“ სავალდებულოა" },
        { path: "message", message: "„შეტყობინება“ სავალდებულოა" },
        { path: "priority", message: "„პრიორიტეტი“ უნდა იყოს ერთ-ერთი შემდეგიდან: low, medium, high, urgent" },
      ]),
    );

    const ru = await call("/api/support/tickets", {
      body: badTicket,
      cookie: member.cookie,
      headers: { "accept-language": "ru" },
    });
    expect(ru.headers.get("content-language")).toBe("ru");
    const ruBody = await expectError(ru, 422, "VALIDATION_FAILED");
    expect(ruBody.error.message).toBe("Некоторые поля заполнены неверно.");
    expect(ruBody.error.issues).toEqual(expect.arrayContaining([{ path: "subject", message: "Заполните поле «Тема»" }]));
  });

  it("translate errors thrown outside validation too (a 401, a 404)", async () => {
    const res = await call("/api/support/tickets", { body: goodTicket, headers: { "accept-language": "ru" } });
    expect((await expectError(res, 401, "UNAUTHENTICATED")).error.message).toBe("Чтобы продолжить, войдите в аккаунт.");
    const missing = await call("/api/no-such-thing", { headers: { "accept-language": "ka" } });
    expect((await expectError(missing, 404, "NOT_FOUND")).error.message).toBe("ასეთი API მისამართი არ არსებობს.");
  });

  it("answer any other language in English", async () => {
    const res = await call("/api/support/tickets", { body: goodTicket, headers: { "accept-language": "de-DE,fr;q=0.9" } });
    expect(res.headers.get("content-language")).toBe("en");
    expect((await expectError(res, 401)).error.message).toBe("Please sign in to continue.");
  });
});

describe("requestLanguage", () => {
  it("takes the most wanted of en, ka and ru, else English", () => {
    expect(requestLanguage(null)).toBe("en");
    expect(requestLanguage("ka")).toBe("ka");
    expect(requestLanguage("ru-RU,ru;q=0.9")).toBe("ru");
    expect(requestLanguage("de,ru;q=0.5,ka;q=0.7")).toBe("ka");
    expect(requestLanguage("ka;q=0,ru;q=0.1")).toBe("ru");
    expect(requestLanguage("de-DE")).toBe("en");
    expect(requestLanguage("*")).toBe("en");
  });
});
