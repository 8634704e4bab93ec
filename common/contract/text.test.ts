import { describe, expect, it } from "vitest";
import { multiLine, singleLine } from "./text";

const name = singleLine("Name", { max: 10 });
const optional = singleLine("Headline", { max: 10, min: 0 });
const body = multiLine("Content", { max: 20, required: "Content required" });

function messages(schema: typeof name | typeof body, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe("every text field", () => {
  it("is NFC-normalised", () => {
    expect(name.parse("Rene\u0301")).toBe("René");
    expect(body.parse("Cafe\u0301\nbar")).toBe("Café\nbar");
  });

  it("turns lone surrogates into U+FFFD and keeps surrogate pairs", () => {
    expect(name.parse("a\ud800b")).toBe("a\ufffdb");
    expect(body.parse("\udc00 end")).toBe("\ufffd end");
    expect(name.parse("ok 😀")).toBe("ok 😀");
  });

  it("is trimmed, and a blank required field is missing", () => {
    expect(name.parse("  Nino  ")).toBe("Nino");
    expect(messages(name, "   ")).toEqual(["Name is required"]);
    expect(messages(name, undefined)).toEqual(["Name is required"]);
    expect(messages(body, 42)).toEqual(["Content required"]);
    expect(optional.parse("  ")).toBe("");
  });

  it("counts its length after normalisation", () => {
    expect(name.parse("e\u0301".repeat(10))).toBe("é".repeat(10));
    expect(messages(name, "x".repeat(11))).toEqual(["Name must be at most 10 characters"]);
  });
});

describe("single-line fields", () => {
  it.each([
    ["NUL", "\u0000"],
    ["a bell", "\u0007"],
    ["escape", "\u001b"],
    ["a tab", "\t"],
    ["a line feed", "\n"],
    ["DEL", "\u007f"],
    ["a C1 control", "\u0085"],
    ["a left-to-right embedding", "\u202a"],
    ["a pop directional formatting", "\u202c"],
    ["a right-to-left override", "\u202e"],
    ["a left-to-right isolate", "\u2066"],
    ["a pop directional isolate", "\u2069"],
    ["a line separator", "\u2028"],
    ["a paragraph separator", "\u2029"],
    ["a zero-width space", "\u200b"],
    ["a word joiner", "\u2060"],
    ["a zero-width no-break space", "\ufeff"],
  ])("refuse %s", (_name, char) => {
    expect(messages(name, `ab${char}cd`)).toEqual(["Name contains characters that are not allowed"]);
  });

  it("keep letters of every script, ZWJ emoji sequences and ZWNJ", () => {
    for (const value of ["ნინო", "Ольга", "שלום", "👩\u200d💻 dev", "می\u200cخواهم", "a\u200eb"]) {
      expect(singleLine("Name", { max: 20 }).parse(value)).toBe(value);
    }
  });
});

describe("multi-line fields", () => {
  it("keep line breaks, tabs and zero-width characters", () => {
    expect(body.parse("one\r\ntwo\tthree\u200b")).toBe("one\r\ntwo\tthree\u200b");
  });

  it("drop bidi embeddings and overrides", () => {
    expect(body.parse("evil\u202egnp.exe\u202c")).toBe("evilgnp.exe");
    expect(body.parse("\u202b\u202d ok \u202a")).toBe("ok");
  });

  it.each([
    ["NUL", "\u0000"],
    ["a bell", "\u0007"],
    ["a vertical tab", "\u000b"],
    ["escape", "\u001b"],
    ["DEL", "\u007f"],
    ["a C1 control", "\u0085"],
  ])("refuse %s", (_name, char) => {
    expect(messages(body, `ab${char}cd`)).toEqual(["Content contains characters that are not allowed"]);
  });
});
