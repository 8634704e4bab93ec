import i18n, { type FormatterModule } from "i18next";
import { initReactI18next, useTranslation } from "react-i18next";
import { isLanguage, type Language } from "../../common/contract/enums";
import { formatterFor } from "./format/formatter";
import { loadFormats } from "./format/locale-formats";
import { detectLanguage, LANGUAGE_STORAGE_KEY as STORAGE_KEY, mirrorSavedLanguage, savedLanguage } from "./language-detect";

export const LANGUAGES: readonly { code: Language; label: string }[] = [
  { code: "en", label: "English" },
  { code: "ka", label: "ქართული" },
  { code: "ru", label: "Русский" },
];

export { isLanguage, type Language };
export { detectLanguage, savedLanguage };

// Each language is its own chunk, so a user downloads only the one they read (the locales test keeps every
// language complete, so no fallback bundle is needed up front).
const loaders: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import("../locales/en.json"),
  ka: () => import("../locales/ka.json"),
  ru: () => import("../locales/ru.json"),
};

async function ensureBundle(lng: Language): Promise<void> {
  if (!i18n.hasResourceBundle(lng, "translation")) {
    const [mod] = await Promise.all([loaders[lng](), loadFormats(lng)]);
    i18n.addResourceBundle(lng, "translation", mod.default, true, true);
  }
  await Promise.all([...loadedNamespaces].map((ns) => loadNamespace(ns, lng)));
}

/**
 * Feature texts live beside their feature (web/features/<ns>/i18n/<lng>.json) and load with the
 * feature's route, so the first page carries only the shell's texts. Use with `useTranslation(ns)`.
 */
const featureLoaders = import.meta.glob<{ default: Record<string, unknown> }>("../features/*/i18n/*.json");
const loadedNamespaces = new Set<string>();

async function loadNamespace(ns: string, lng: Language): Promise<void> {
  if (i18n.hasResourceBundle(lng, ns)) return;
  const load = featureLoaders[`../features/${ns}/i18n/${lng}.json`];
  if (!load) throw new Error(`No ${lng} texts for ${ns}`);
  i18n.addResourceBundle(lng, ns, (await load()).default, true, true);
}

/** Loads a feature's texts in the current language (and keeps them loaded across language changes). */
export async function ensureNamespace(...namespaces: string[]): Promise<void> {
  for (const ns of namespaces) loadedNamespaces.add(ns);
  await Promise.all(namespaces.map((ns) => loadNamespace(ns, currentLanguage())));
}

function syncDocument(lng: string) {
  if (typeof document !== "undefined") document.documentElement.lang = lng;
}

/**
 * Every number a text interpolates ('{{count}} members') is written in the text's language by our
 * formatter, not i18next's Intl one, so Georgian counts keep Georgian separators in Chromium too.
 */
const numbersInLanguage: FormatterModule = {
  type: "formatter",
  init: () => {},
  add: () => {},
  addCached: () => {},
  format: (value, _format, lng) => (typeof value === "number" ? formatterFor(lng ?? currentLanguage()).number(value) : value),
};

export async function initI18n(lng: Language = detectLanguage()): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    i18n.on("languageChanged", syncDocument);
    await i18n
      .use(initReactI18next)
      .use(numbersInLanguage)
      .init({
        resources: {},
        lng,
        fallbackLng: "en",
        supportedLngs: LANGUAGES.map((l) => l.code),
        interpolation: { escapeValue: false, alwaysFormat: true }, // React already escapes.
        returnNull: false,
        initAsync: false,
      });
  }
  await changeLanguage(lng, { persist: false });
  syncDocument(i18n.language);
  return i18n;
}

export async function changeLanguage(lng: Language, { persist = true } = {}): Promise<void> {
  await ensureBundle(lng);
  await i18n.changeLanguage(lng);
  if (persist) {
    try {
      localStorage.setItem(STORAGE_KEY, lng);
    } catch {
      // The choice still applies to this page.
    }
    mirrorSavedLanguage(lng);
  }
}

/**
 * The app's texts in one language, every feature's included, as an instance of their own over the same
 * loaded texts: the worker renders pages in several languages at once (web/ssr/first-screen.tsx).
 */
export async function textsIn(lng: Language): Promise<typeof i18n> {
  if (!i18n.isInitialized) await initI18n(lng);
  const namespaces = Object.keys(featureLoaders)
    .filter((path) => path.endsWith(`/${lng}.json`))
    .map((path) => path.split("/")[2]!);
  await Promise.all([ensureBundle(lng), ...namespaces.map((ns) => loadNamespace(ns, lng))]);
  const texts = i18n.cloneInstance({ lng });
  if (texts.language !== lng) throw new Error(`The ${lng} texts did not load`);
  return texts;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : "en";
}

/** The language a component renders in: the page's texts' (on the worker, the request's, not the shared one). */
export function useLanguage(): Language {
  const { i18n: texts } = useTranslation();
  return isLanguage(texts.language) ? texts.language : "en";
}

export { i18n };
