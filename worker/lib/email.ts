import { EmailMessage } from "cloudflare:email";
import { newId } from "../../common/ids";
import { log } from "../../common/log";
import { isDevelopment, type AppEnv } from "../env";
import type { Db } from "./db";
import { withinLimit, type RateLimitRule } from "./rate-limit";
import { mailOutbox } from "./tables";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058); names and values in plain ASCII. */
  headers?: Record<string, string>;
};

/** What became of a message: recorded only (development), handed to the mail service, refused by it, or over its limit. */
export type MailStatus = "stored" | "sent" | "failed" | "limited";

export interface Mailer {
  /**
   * With `perRecipient`, the message is sent only while its address is within that limit; past it,
   * nothing is sent and nothing is said, so a caller's answer cannot tell (nor be used to flood an inbox).
   */
  send(message: MailMessage, options?: { perRecipient?: RateLimitRule }): Promise<MailStatus>;
}

/**
 * Every message is recorded in mail_outbox. In development and tests that record is the delivery
 * (the dev mail page shows it); in production the message also goes out through the send_email binding.
 */
export function createMailer(env: AppEnv, db: Db): Mailer {
  return {
    async send(message, options = {}) {
      if (options.perRecipient && !(await withinLimit(db, options.perRecipient, message.to.toLowerCase()))) {
        log("warn", "mail over its per-recipient limit, not sent", { kind: message.kind });
        return "limited";
      }
      const deliver = !isDevelopment(env);
      let status: "stored" | "sent" | "failed" = "stored";
      if (deliver) {
        try {
          const from = env.MAIL_FROM ?? `no-reply@${new URL(env.APP_URL).hostname}`;
          await env.EMAIL.send(new EmailMessage(from, message.to, toMime(from, message)));
          status = "sent";
        } catch (error) {
          status = "failed";
          log("error", "mail delivery failed", { kind: message.kind, reason: String(error) });
        }
      }
      await db.insert(mailOutbox).values({
        id: newId(),
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        kind: message.kind,
        headers: message.headers ?? null,
        status,
        createdAt: Date.now(),
      });
      return status;
    },
  };
}

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/**
 * RFC 2047 so Georgian and Russian subjects survive any mail relay: encoded words of at most 75
 * characters (45 bytes of UTF-8 each, never splitting a character), folded onto lines of their own.
 * Printable ASCII stays as written; anything else (a line break included) is encoded, so no text can
 * end the header and write another.
 */
export function encodeHeader(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  const encoder = new TextEncoder();
  const words: Uint8Array[] = [];
  let current: number[] = [];
  for (const char of value) {
    const bytes = encoder.encode(char);
    if (current.length + bytes.length > 45) {
      words.push(Uint8Array.from(current));
      current = [];
    }
    current.push(...bytes);
  }
  words.push(Uint8Array.from(current));
  return words.map((word) => `=?UTF-8?B?${base64(word)}?=`).join("\r\n ");
}

/** A header's own text: a line break in it would end the header and let the rest write others. */
function headerLine(name: string, value: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(name + value)) throw new Error(`Mail header ${name} holds a control character`);
  return `${name}: ${value}`;
}

export function toMime(from: string, message: MailMessage): string {
  const boundary = `agora-${newId()}`;
  // Lines of 76 characters (RFC 2045); an empty body is an empty part.
  const b64 = (s: string) => (base64(new TextEncoder().encode(s)).match(/.{1,76}/g) ?? []).join("\r\n");
  return [
    headerLine("From", from),
    headerLine("To", message.to),
    `Subject: ${encodeHeader(message.subject)}`,
    `Message-ID: <${newId()}@${from.split("@")[1]}>`,
    `Date: ${new Date().toUTCString()}`,
    ...Object.entries(message.headers ?? {}).map(([name, value]) => headerLine(name, value)),
    "MIME-Version: 1.0",
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: base64",
    "",
    b64(message.text),
    `--${boundary}`,
    "Content-Type: text/html; charset=utf-8",
    "Content-Transfer-Encoding: base64",
    "",
    b64(message.html),
    `--${boundary}--`,
    "",
  ].join("\r\n");
}
