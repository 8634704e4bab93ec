import { isLanguage, type Language } from "../../common/contract/enums";
import { LANGUAGE_COOKIE, pageLanguage } from "../../common/page-language";

/**
 * Which language a visit reads, decided without i18next so that font-preload.ts (which runs before the
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
 * Keeps the device's choice in a cookie too, so the worker renders the pages it writes in it. Runs at
 * every start: a choice saved before the cookie existed reaches the worker from the next page on.
 */
export function mirrorSavedLanguage(language: Language | null = savedLanguage()): void {
  if (typeof document === "undefined") return;
  const wanted = language ? `${LANGUAGE_COOKIE}=${language}` : null;
  if (wanted ? document.cookie.split("; ").includes(wanted) : !document.cookie.includes(`${LANGUAGE_COOKIE}=`)) return;
  document.cookie = `${LANGUAGE_COOKIE}=${language ?? ""};path=/;max-age=${language ? 31536000 : 0};samesite=lax`;
}

/** The language the address asks for (`?lang=`, as hreflang links and shared links carry it), if any. */
export function askedLanguage(): string | null {
  return typeof location === "undefined" ? null : new URLSearchParams(location.search).get("lang");
}

/**
 * The language of this page (common/page-language.ts has the rule): the address's, the device's
 * choice, the signed-in account's when the page came with its session, the browser's, English.
 */
export function detectLanguage(account: string | null = null): Language {
  return pageLanguage({
    asked: askedLanguage(),
    saved: savedLanguage(),
    account,
    preferred: typeof navigator === "undefined" ? [] : [...(navigator.languages ?? []), navigator.language].filter(Boolean),
  });
}
