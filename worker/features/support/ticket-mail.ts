import { DEFAULT_LANGUAGE, isLanguage } from "../../../common/contract/enums";
import { fillTemplate } from "../../../common/template";
import type { AppEnv } from "../../env";
import { greetingIn, layout } from "../../lib/auth-emails";
import type { Db } from "../../lib/db";
import { createMailer } from "../../lib/email";
import { mailTexts } from "../../lib/mail-texts";

/** A staff answer, mailed to the ticket's address in the account's language, with a link back to the thread. */
export async function mailStaffReply(
  env: AppEnv,
  db: Db,
  to: { email: string; name: string | null; language: string | null },
  ticket: { id: string; subject: string },
  reply: string,
  origin: string,
): Promise<void> {
  const language = isLanguage(to.language) ? to.language : DEFAULT_LANGUAGE;
  const texts = mailTexts[language].supportReply;
  const mail = { ...texts, intro: fillTemplate(texts.intro, { subject: ticket.subject }), quote: reply };
  const url = `${origin}/support?ticket=${encodeURIComponent(ticket.id)}`;
  await createMailer(env, db).send({
    to: to.email,
    ...layout(language, greetingIn(language, to.name), mail, url),
    kind: "support_reply",
  });
}
