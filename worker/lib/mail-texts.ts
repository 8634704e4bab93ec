import type { Language } from "../../common/contract/enums";
import en from "./mail-texts/en.json";
import ka from "./mail-texts/ka.json";
import ru from "./mail-texts/ru.json";

/**
 * What our e-mails say, in each language an account can choose (worker/lib/mail-texts/<lng>.json).
 * Texts take `{{placeholders}}` like the web app's; the locale test keeps the languages in step.
 */
export type MailTexts = typeof en;

export const mailTexts: Record<Language, MailTexts> = { en, ka, ru };
