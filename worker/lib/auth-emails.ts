import type { Language } from "../../common/contract/enums";
import { fillTemplate } from "../../common/template";
import { escapeHtml } from "./html";
import { mailTexts } from "./mail-texts";

export type ActionMail = { subject: string; intro: string; action: string; outro: string };

export function layout(language: Language, greeting: string, mail: ActionMail, url: string) {
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#111">
<h1 style="font-size:20px">${escapeHtml(mail.subject)}</h1>
<p>${escapeHtml(greeting)} ${escapeHtml(mail.intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(mail.action)}</a></p>
<p style="color:#555">${escapeHtml(mail.outro)}</p>
<p style="color:#555;word-break:break-all">${escapeHtml(url)}</p>
</body></html>`;
  const text = `${mail.subject}\n\n${greeting} ${mail.intro}\n\n${mail.action}: ${url}\n\n${mail.outro}\n`;
  return { subject: mail.subject, text, html };
}

/** The account e-mails, written in the account's language. */
export function authEmails(language: Language) {
  const texts = mailTexts[language];
  const greeting = (name: string) =>
    name.trim() ? fillTemplate(texts.greeting, { name: name.trim() }) : texts.greetingWithoutName;
  return {
    verifyEmail: (name: string, url: string) => layout(language, greeting(name), texts.verifyEmail, url),
    passwordReset: (name: string, url: string) => layout(language, greeting(name), texts.passwordReset, url),
  };
}
