import { isLanguage, type Language } from "../../common/contract/enums";

/**
 * Which language a visit reads, decided without i18next so that theme-boot.ts (which runs before the
 * app's bundle) can preload the Georgian font for Georgian readers.
 */

export const LANGUAGE_STORAGE_KEY = "language";

/** The language chosen on this device with a language menu, if any. */
export function savedLanguage(): Language | null {
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(saved) ? saved : null;
  } catch {
    // Storage can be unavailable: nothing was saved.
    return null;
  }
}

/**
 * The language an address asks for (?lang=ka: each language's address of a public page, as its
 * hreflang links give them), else the saved choice, else the first browser language we support, else English.
 */
export function detectLanguage(): Language {
  const asked = typeof location === "undefined" ? null : new URLSearchParams(location.search).get("lang");
  if (isLanguage(asked)) return asked;
  const saved = savedLanguage();
  if (saved) return saved;
  const candidates = typeof navigator === "undefined" ? [] : [...(navigator.languages ?? []), navigator.language];
  for (const tag of candidates) {
    const base = tag?.toLowerCase().split("-")[0];
    if (isLanguage(base)) return base;
  }
  return "en";
}

