import { receiptAmount, receiptNumber } from "../../../common/contract/billing";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../../common/contract/enums";
import { log } from "../../../common/log";
import { fillTemplate } from "../../../common/template";
import type { AppEnv } from "../../env";
import { greetingIn, layout } from "../../lib/auth-emails";
import type { Db } from "../../lib/db";
import { createMailer } from "../../lib/email";
import { mailTexts } from "../../lib/mail-texts";
import type { MailedReceiptRow } from "./receipts";

const locales: Record<Language, string> = { en: "en-GB", ka: "ka-GE", ru: "ru-RU" };

/** The receipt's lines as the mail quotes them, in the payer's language. */
export function receiptLines(row: MailedReceiptRow, language: Language): string {
  const texts = mailTexts[language].receipt;
  const date = (at: number) => new Date(at).toLocaleDateString(locales[language], { timeZone: "Asia/Tbilisi" });
  const lines: [string, string | null][] = [
    [texts.lines.number, receiptNumber(row.number, row.createdAt)],
    [texts.lines.date, date(row.createdAt)],
    [texts.lines.community, row.communityName],
    [texts.lines.item, texts.items[row.item]],
    [texts.lines.period, row.periodStart && row.periodEnd ? `${date(row.periodStart)} – ${date(row.periodEnd)}` : null],
    [texts.lines.amount, receiptAmount(row.amount)],
    [texts.lines.card, row.lastFour ? `${row.cardType ?? ""} •••• ${row.lastFour}`.trim() : null],
    [texts.lines.status, texts.statuses[row.kind]],
  ];
  return lines
    .filter((line): line is [string, string] => line[1] !== null)
    .map(([label, value]) => `${label}: ${value}`)
    .join("\n");
}

/**
 * Mails each receipt to its payer in their language. A failure is logged, never thrown: the money
 * has moved and the receipt is on the billing page whatever the mail does.
 */
export async function mailReceipts(env: AppEnv, db: Db, rows: MailedReceiptRow[], origin: string): Promise<void> {
  const mailer = createMailer(env, db);
  for (const row of rows) {
    const language = isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE;
    const texts = mailTexts[language].receipt;
    const refund = row.kind === "refund";
    const values = { number: receiptNumber(row.number, row.createdAt), community: row.communityName ?? "Agora" };
    const mail = {
      subject: fillTemplate(refund ? texts.refundSubject : texts.subject, values),
      intro: fillTemplate(refund ? texts.refundIntro : texts.intro, values),
      action: texts.action,
      outro: texts.outro,
      quote: receiptLines(row, language),
    };
    const url = `${origin}/billing?receipt=${encodeURIComponent(row.id)}`;
    try {
      await mailer.send({ to: row.email, ...layout(language, greetingIn(language, row.fullName), mail, url), kind: "receipt" });
    } catch (error) {
      log("error", "receipt mail failed", { receiptId: row.id, reason: String(error) });
    }
  }
}
