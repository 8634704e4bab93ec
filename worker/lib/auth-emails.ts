import type { Language } from "../../common/contract/enums";
import { fillTemplate } from "../../common/template";
import { escapeHtml } from "./html";
import { mailTexts } from "./mail-texts";

/** `quote`: someone's own words the mail carries (a reply), set apart from our text. */
export type ActionMail = { subject: string; intro: string; action: string; outro: string; quote?: string };

export function layout(language: Language, greeting: string, mail: ActionMail, url: string) {
  const quote = mail.quote
    ? `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #c7c7d1;white-space:pre-wrap">${escapeHtml(mail.quote)}</blockquote>\n`
    : "";
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#111">
<h1 style="font-size:20px">${escapeHtml(mail.subject)}</h1>
<p>${escapeHtml(greeting)} ${escapeHtml(mail.intro)}</p>
${quote}<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(mail.action)}</a></p>
<p style="color:#555">${escapeHtml(mail.outro)}</p>
<p style="color:#555;word-break:break-all">${escapeHtml(url)}</p>
</body></html>`;
  const quoted = mail.quote ? `\n\n${mail.quote}` : "";
  const text = `${mail.subject}\n\n${greeting} ${mail.intro}${quoted}\n\n${mail.action}: ${url}\n\n${mail.outro}\n`;
  return { subject: mail.subject, text, html };
}

/** "Hi Ana," in the reader's language, or the nameless greeting. */
export function greetingIn(language: Language, name: string | null): string {
  const texts = mailTexts[language];
  return name?.trim() ? fillTemplate(texts.greeting, { name: name.trim() }) : texts.greetingWithoutName;
}

/** The account e-mails, written in the account's language. */
export function authEmails(language: Language) {
  const texts = mailTexts[language];
  const greeting = (name: string) => greetingIn(language, name);
  return {
    verifyEmail: (name: string, url: string) => layout(language, greeting(name), texts.verifyEmail, url),
    passwordReset: (name: string, url: string) => layout(language, greeting(name), texts.passwordReset, url),
  };
}
