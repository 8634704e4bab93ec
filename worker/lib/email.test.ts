import { describe, expect, it } from "vitest";
import { encodeHeader, toMime } from "./email";

/** The headers of a message, unfolded (a line starting with white space continues the one before). */
const headersOf = (mime: string) =>
  mime
    .split("\r\n\r\n")[0]!
    .replace(/\r\n[ \t]/g, " ")
    .split("\r\n");

/** An RFC 2047 header as a mail client reads it: each encoded word decoded, the space between words dropped. */
const decoded = (header: string) =>
  header
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?B\?([^?]*)\?=/g, (_, b64: string) =>
      new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))),
    );

const message = (over: Partial<Parameters<typeof toMime>[1]> = {}) => ({
  to: "member@example.com",
  subject: "Your receipt",
  text: "Thank you.",
  html: "<p>Thank you.</p>",
  kind: "receipt",
  ...over,
});

describe("the e-mail MIME builder", () => {
  it("encodes a subject's line break instead of letting it start another header", () => {
    const mime = toMime("Agora <mail@agora.example>", message({ subject: "Hi\r\nBcc: everyone@example.com" }));
    const headers = headersOf(mime);
    expect(headers.some((h) => /^bcc:/i.test(h))).toBe(false);
    const subject = headers.find((h) => h.startsWith("Subject: "))!;
    expect(decoded(subject.slice("Subject: ".length))).toBe("Hi\r\nBcc: everyone@example.com");
  });

  it("refuses a recipient or an extra header carrying a line break", () => {
    expect(() => toMime("mail@agora.example", message({ to: "a@example.com\r\nBcc: b@example.com" }))).toThrow(
      /control character/,
    );
    expect(() =>
      toMime("mail@agora.example", message({ headers: { "List-Unsubscribe": "<https://x.example>\r\nBcc: b@example.com" } })),
    ).toThrow(/control character/);
  });

  it("splits a long Georgian subject into encoded words of at most 75 characters, never inside a letter", () => {
    const subject = "თქვენი ქვითარი თბილისის სტარტაპების წრისთვის: ყოველთვიური გამოწერა, ნოემბერი 2026";
    const encoded = encodeHeader(subject);
    const words = encoded.split("\r\n ");
    expect(words.length).toBeGreaterThan(1);
    for (const word of words) {
      expect(word).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/);
      expect(word.length).toBeLessThanOrEqual(75);
      // Each word decodes on its own: no UTF-8 character is cut between two.
      expect(() =>
        new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(
          Uint8Array.from(atob(word.slice(10, -2)), (c) => c.charCodeAt(0)),
        ),
      ).not.toThrow();
    }
    expect(decoded(encoded)).toBe(subject);
  });

  it("keeps printable ASCII as written, and the bodies in base64 lines of at most 76", () => {
    expect(encodeHeader("Your receipt AG-2026-000001")).toBe("Your receipt AG-2026-000001");
    const mime = toMime("mail@agora.example", message({ text: "x".repeat(500), html: "" }));
    const body = mime.split("\r\n").filter((line) => /^[A-Za-z0-9+/=]+$/.test(line));
    expect(body.length).toBeGreaterThan(1);
    for (const line of body) expect(line.length).toBeLessThanOrEqual(76);
  });
});
