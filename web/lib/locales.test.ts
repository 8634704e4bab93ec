import { describe, expect, it } from "vitest";
import en from "../locales/en.json";
import ka from "../locales/ka.json";
import ru from "../locales/ru.json";

type Tree = { [key: string]: string | Tree };

/** The app-wide bundle plus every feature namespace (web/features/<ns>/i18n/<lng>.json), as "ns:" keys. */
const featureFiles = import.meta.glob<Tree>("../features/*/i18n/*.json", { eager: true, import: "default" });
const locales: Record<string, Tree> = { en: { ...en }, ka: { ...ka }, ru: { ...ru } };
for (const [path, tree] of Object.entries(featureFiles)) {
  const [, ns, lng] = path.match(/features\/([^/]+)\/i18n\/(\w+)\.json$/)!;
  (locales[lng!] ??= {})[`${ns}:`] = tree;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(tree: Tree, prefix = ""): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === "object") Object.assign(out, flatten(value, path));
    else out[path] = value;
  }
  return out;
}

const flat = Object.fromEntries(Object.entries(locales).map(([lng, tree]) => [lng, flatten(tree)]));

/** Plural keys differ per language (_one/_other vs _one/_few/_many/_other), so compare their base. */
function baseKeys(keys: string[]): Set<string> {
  return new Set(keys.map((k) => k.replace(PLURAL_SUFFIX, "")));
}

function placeholders(value: string): string[] {
  return [...value.matchAll(/{{\s*([\w.]+)\s*(?:,[^}]*)?}}/g)].map((m) => m[1]!).sort();
}

describe("locales", () => {
  const languages = Object.keys(flat);

  it.each(languages)("%s has every key the others have", (lng) => {
    const mine = baseKeys(Object.keys(flat[lng]!));
    for (const other of languages) {
      const missing = [...baseKeys(Object.keys(flat[other]!))].filter((k) => !mine.has(k));
      expect(missing, `keys in ${other} but not in ${lng}`).toEqual([]);
    }
  });

  it.each(languages)("%s has no empty or non-string values", (lng) => {
    const bad = Object.entries(flat[lng]!).filter(([, v]) => typeof v !== "string" || v.trim() === "");
    expect(bad.map(([k]) => k)).toEqual([]);
  });

  it.each(languages)("%s has every plural form its language needs", (lng) => {
    const keys = Object.keys(flat[lng]!);
    const pluralBases = new Set(
      languages.flatMap((l) =>
        Object.keys(flat[l]!)
          .filter((k) => PLURAL_SUFFIX.test(k))
          .map((k) => k.replace(PLURAL_SUFFIX, "")),
      ),
    );
    const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
    const missing = [...pluralBases].flatMap((base) =>
      categories.filter((c) => !keys.includes(`${base}_${c}`)).map((c) => `${base}_${c}`),
    );
    expect(missing).toEqual([]);
  });

  it.each(["ka", "ru"])("%s uses the same placeholders as English", (lng) => {
    const enFlat = flat.en!;
    const mismatched = Object.entries(flat[lng]!).filter(([key, value]) => {
      const enValue = enFlat[key] ?? enFlat[key.replace(PLURAL_SUFFIX, "_other")];
      return (
        typeof enValue === "string" && typeof value === "string" && placeholders(enValue).join() !== placeholders(value).join()
      );
    });
    expect(mismatched.map(([k]) => k)).toEqual([]);
  });

  it.each(["ka", "ru"])("%s is translated (no English left except brand names and symbols)", (lng) => {
    const latinWord = /[A-Za-z]{3,}/g;
    const allowed = new Set(["Agora", "PNG", "JPG"]);
    const leftovers = Object.entries(flat[lng]!).filter(([, value]) => {
      const stripped = String(value).replace(/{{[^}]*}}/g, "");
      return (stripped.match(latinWord) ?? []).some((word) => !allowed.has(word));
    });
    expect(leftovers.map(([k]) => k)).toEqual([]);
  });
});
