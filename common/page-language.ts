import { isLanguage, type Language } from "./contract/enums";

/** The cookie mirroring the language chosen on a device (kept in its storage), so the worker renders pages in it. */
export const LANGUAGE_COOKIE = "language";

export type LanguageSources = {
  /** What the address asks for (?lang=ka: each language's address of a public page, as hreflang gives them). */
  asked: string | null | undefined;
  /** The choice made on this device with a language menu. */
  saved: string | null | undefined;
  /** A signed-in person's account language (the one they signed up in or last chose elsewhere). */
  account: string | null | undefined;
  /** The browser's languages, most wanted first. */
  preferred: readonly string[];
};

/**
 * Which language a page reads: the address's, else the device's choice, else the account's, else the
 * first browser language we speak, else English. One rule for the browser and for the worker that
 * renders the page's first screen, so both write the page in the same language.
 */
export function pageLanguage({ asked, saved, account, preferred }: LanguageSources): Language {
  for (const choice of [asked, saved, account]) if (isLanguage(choice)) return choice;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLanguage(base)) return base;
  }
  return "en";
}

/** The languages of an Accept-Language header, most wanted first ('ka-GE,ka;q=0.9,en;q=0.8'). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  return (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(
        params
          .find((p) => p.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((l) => l.tag && l.tag !== "*" && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}
