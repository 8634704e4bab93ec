/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { catalogues, translate } from "../translate";
import { scanTexts } from "./scan";

/**
 * Every text the API can answer with has a Georgian and a Russian translation. The texts are found in
 * the source (worker/lib/messages/scan.ts lists the forms); tests and test-only helpers, the generated
 * types and the development-only payment sandbox (/dev/flitt) are left out.
 */
const sources: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob(
      [
        "../../**/*.ts",
        "../../../common/contract/**/*.ts",
        "../../../common/realtime-protocol.ts",
        "!../../**/*.test.ts",
        "!../../generated/**",
        "!../../authorization-matrix.*.ts",
        "!../../payments/sandbox/**",
        "!../../../common/**/*.test.ts",
      ],
      { query: "?raw", import: "default", eager: true },
    ),
  ).map(([path, text]) => [path.startsWith("../../../") ? path.slice(9) : `worker/${path.slice(6)}`, text as string]),
);

/**
 * Texts the scan cannot see, by hand: defaults of worker/lib/errors.ts, what worker/lib/on-error.ts and
 * the sign-in pass-through make of others' errors, better-auth's own messages, and zod's built-in ones
 * (checks without a message of ours), with sample values where they carry some.
 */
const unseen = [
  "Not found",
  "You are not allowed to do that.",
  "Bad request.",
  "The request body is not valid JSON.",
  "The request could not be completed.",
  "Invalid email or password",
  "Email not verified",
  "User already exists. Use another email.",
  "Invalid token",
  "Token expired",
  "Password too short",
  "Password too long",
  "Required",
  "Invalid input",
  "Invalid input: expected string, received undefined",
  'Invalid option: expected one of "a"|"b"',
  "Too big: expected string to have <=2000 characters",
  "Too big: expected array to have <=10 items",
  "Too small: expected number to be >=1",
  "Too small: expected number to be >0",
  'Unrecognized key: "extra"',
  'Unrecognized keys: "a", "b"',
  "Invalid email address",
  "Invalid UUID",
];

/**
 * Templates whose placeholder is a whole phrase, with the texts they make: each must translate. A text
 * taken from elsewhere at run time (the payment provider's own error, quoted) has no translation.
 */
const dynamic: Record<string, string[]> = {
  "Too many attempts. Please try again in {{}}.": [
    "Too many attempts. Please try again in 45 seconds.",
    "Too many attempts. Please try again in 1 seconds.",
    "Too many attempts. Please try again in 3 minutes.",
  ],
  "{{}}.": [],
};

const placeholders = (text: string) => text.replace(/\{\{\w+\}\}/g, "{{}}");

/** A template as an answer would read: a leading placeholder is a field's name (checked among the labels), others a number. */
const sample = (text: string) => text.replace(/^\{\{\}\}/, "Name").replaceAll("{{}}", "7");

const { texts, labels } = scanTexts(sources);

describe("the API's texts", () => {
  it("are found in the source in every form they take (the scan sees them)", () => {
    const found = new Set(texts.map((t) => t.text));
    for (const text of [
      "Community not found.", // notFound("...")
      "Only the owner can change member roles.", // forbidden("...")
      "Post not found.", // new AppError("NOT_FOUND", "...")
      "Some fields are not valid.", // new AppError(code, "...", { issues })
      "Choose an option", // .min(1, "...")
      "Images must be uploaded first", // .regex(/.../, "...")
      "Birth date must be after 1900", // .refine(fn, "...")
      "Enter the amount in tetri", // .int("...")
      "Invalid plan", // { error: "..." }
      "Passwords must match", // { message: "..." }
      "{{}} must be at most {{}} characters", // template literal
      "No such API endpoint.", // after a "/api/*" string that is not a comment
    ]) {
      expect(found, text).toContain(text);
    }
    expect(labels.map((l) => l.text)).toEqual(expect.arrayContaining(["Subject", "Start time", "Course order", "Use limit"]));
  });

  for (const lng of ["ka", "ru"] as const) {
    it(`all have a ${lng} translation`, () => {
      const keys = new Set(Object.keys(catalogues[lng].texts).map(placeholders));
      const missing = new Map<string, Set<string>>();
      const lack = (text: string, file: string) => missing.set(text, (missing.get(text) ?? new Set()).add(file));
      for (const { text, file } of texts) {
        if (text in dynamic) {
          for (const sample of dynamic[text]!) if (translate(sample, lng) === undefined) lack(sample, file);
        } else if (!keys.has(text) && translate(sample(text), lng) === undefined) {
          lack(text, file);
        }
      }
      for (const text of unseen) if (translate(text, lng) === undefined) lack(text, "(not in the source)");
      for (const { text, file } of labels) {
        if (!(text in catalogues[lng].labels)) lack(`field name "${text}" (labels)`, file);
      }
      const report = [...missing].map(([text, files]) => `  ${JSON.stringify(text)}  (${[...files].join(", ")})`).join("\n");
      expect(missing.size, `worker/lib/messages/${lng}.ts lacks:\n${report}`).toBe(0);
    });
  }

  // A translation may leave out a detail zod names in English (what was checked, its unit, a regex).
  it("have the same entries, with the same placeholders, in every language", () => {
    const { ka, ru } = catalogues;
    expect(Object.keys(ru.texts).sort()).toEqual(Object.keys(ka.texts).sort());
    expect(Object.keys(ru.labels).sort()).toEqual(Object.keys(ka.labels).sort());
    for (const catalogue of [ka, ru]) {
      for (const [key, value] of Object.entries(catalogue.texts)) {
        const names = (text: string) => [...new Set([...text.matchAll(/\{\{(\w+)[|}]/g)].map((m) => m[1]!))].sort();
        expect(names(value), key).toEqual(
          expect.arrayContaining(names(key).filter((n) => !["what", "unit", "pattern"].includes(n))),
        );
        expect(names(key), key).toEqual(expect.arrayContaining(names(value)));
      }
    }
  });
});

describe("translate", () => {
  it("fills numbers and field names into the pattern, with the Russian plural", () => {
    expect(translate("Title must be at most 200 characters", "ka")).toBe("„სათაური“ არ უნდა აღემატებოდეს 200 სიმბოლოს");
    expect(translate("Title must be at most 200 characters", "ru")).toBe("Поле «Заголовок»: не более 200 символов");
    expect(translate("Title must be at most 21 characters", "ru")).toBe("Поле «Заголовок»: не более 21 символа");
    expect(translate("At most 10 options", "ru")).toBe("Не более 10 вариантов");
    expect(translate("At most 3 options", "ru")).toBe("Не более 3 вариантов");
    expect(translate("Too many attempts. Please try again in 1 seconds.", "ru")).toBe(
      "Слишком много попыток. Попробуйте ещё раз через 1 секунду.",
    );
    expect(translate("Too many attempts. Please try again in 3 minutes.", "ru")).toBe(
      "Слишком много попыток. Попробуйте ещё раз через 3 минуты.",
    );
  });

  it("prefers the more specific pattern and leaves an unknown field name or text alone", () => {
    expect(translate("Duration must be at most 10 hours", "ru")).toBe("Длительность — не более 10 часов");
    expect(translate("Level must be at most 10", "ka")).toBe("„დონე“ უნდა იყოს მაქსიმუმ 10");
    expect(translate("Frobnicator must be a number", "ka")).toBeUndefined();
    expect(translate("Something nobody wrote", "ru")).toBeUndefined();
    expect(translate("Something nobody wrote", "en")).toBe("Something nobody wrote");
  });
});
