import { describe, expect, it } from "vitest";
import {
  blankKeys,
  flatten,
  missingKeys,
  placeholderMismatches,
  PLURAL_SUFFIX,
  untranslatedKeys,
  type Tree,
} from "../../tests/locale-checks";
import en from "../locales/en.json";
import ka from "../locales/ka.json";
import ru from "../locales/ru.json";

/** The app-wide bundle plus every feature namespace (web/features/<ns>/i18n/<lng>.json), as "ns:" keys. */
const featureFiles = import.meta.glob<Tree>("../features/*/i18n/*.json", { eager: true, import: "default" });
const locales: Record<string, Tree> = { en: { ...en }, ka: { ...ka }, ru: { ...ru } };
for (const [path, tree] of Object.entries(featureFiles)) {
  const [, ns, lng] = path.match(/features\/([^/]+)\/i18n\/(\w+)\.json$/)!;
  (locales[lng!] ??= {})[`${ns}:`] = tree;
}

const flat = Object.fromEntries(Object.entries(locales).map(([lng, tree]) => [lng, flatten(tree)]));
const languages = Object.keys(flat);
const categories = (lng: string) => new Intl.PluralRules(lng).resolvedOptions().pluralCategories as string[];

/** The keys the app's code interpolates a `count` into: `t("key", { count ... })`. */
const sources = import.meta.glob<string>(["../**/*.{ts,tsx}", "!../**/*.test.{ts,tsx}"], {
  eager: true,
  query: "?raw",
  import: "default",
});
const countedKeys = [
  ...new Set(
    Object.values(sources).flatMap((source) =>
      [...source.matchAll(/\bt\(\s*"([\w.:]+)"\s*,\s*\{[^}]*\bcount\b/g)].map((m) => m[1]!.replace(/^\w+:/, "")),
    ),
  ),
];

describe("locales", () => {
  it.each(languages)("%s has every key the others have", (lng) => {
    for (const other of languages)
      expect(missingKeys(flat[lng]!, flat[other]!), `keys in ${other} but not in ${lng}`).toEqual([]);
  });

  it.each(languages)("%s has no empty or non-string values", (lng) => {
    expect(blankKeys(flat[lng]!)).toEqual([]);
  });

  it.each(languages)("%s has every plural form its language needs, and none it never uses", (lng) => {
    const keys = Object.keys(flat[lng]!);
    const pluralBases = new Set(
      languages.flatMap((l) =>
        Object.keys(flat[l]!)
          .filter((k) => PLURAL_SUFFIX.test(k))
          .map((k) => k.replace(PLURAL_SUFFIX, "")),
      ),
    );
    const missing = [...pluralBases].flatMap((base) =>
      categories(lng)
        .filter((c) => !keys.includes(`${base}_${c}`))
        .map((c) => `${base}_${c}`),
    );
    expect(missing).toEqual([]);
  });

  it("has plural forms for every text a count is put in ('1 день', '2 дня', '5 дней')", () => {
    expect(countedKeys.length).toBeGreaterThan(10);
    const plural = (key: string) => Object.keys(flat.en!).some((k) => k === `${key}_other` || k.endsWith(`:.${key}_other`));
    expect(countedKeys.filter((key) => !plural(key))).toEqual([]);
  });

  it.each(["ka", "ru"])("%s uses the same placeholders as English", (lng) => {
    expect(placeholderMismatches(flat.en!, flat[lng]!)).toEqual([]);
  });

  it.each(["ka", "ru"])("%s is translated (no English left except brand names and symbols)", (lng) => {
    // Brand names stay as written: video hosts and calendars, card schemes' and the payment provider's names
    // (CVV, 3-D Secure, '3DSecure' in the spec's toasts, Flitt).
    expect(
      untranslatedKeys(flat[lng]!, [
        "Agora",
        "JSON",
        "PNG",
        "JPG",
        "YouTube",
        "Vimeo",
        "Alt",
        "Google",
        "Apple",
        "Outlook",
        "CVV",
        "Secure",
        "DSecure",
        "Flitt",
      ]),
    ).toEqual([]);
  });
});
