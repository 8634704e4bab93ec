/**
 * The checks every set of translated texts passes (the web app's locales, the worker's mail texts):
 * the same keys and placeholders in each language, nothing blank, nothing left in English.
 */

export type Tree = { [key: string]: string | Tree };
export type Flat = Record<string, unknown>;

export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

export function flatten(tree: Tree, prefix = ""): Flat {
  const out: Flat = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === "object") Object.assign(out, flatten(value, path));
    else out[path] = value;
  }
  return out;
}

/** Plural keys differ per language (_one/_other vs _one/_few/_many/_other), so keys are compared by base. */
function baseKeys(flat: Flat): Set<string> {
  return new Set(Object.keys(flat).map((k) => k.replace(PLURAL_SUFFIX, "")));
}

/** Keys `other` has that `mine` lacks. */
export function missingKeys(mine: Flat, other: Flat): string[] {
  const have = baseKeys(mine);
  return [...baseKeys(other)].filter((k) => !have.has(k));
}

export function blankKeys(flat: Flat): string[] {
  return Object.entries(flat)
    .filter(([, v]) => typeof v !== "string" || v.trim() === "")
    .map(([k]) => k);
}

function placeholders(value: string): string {
  return [...value.matchAll(/{{\s*([\w.]+)\s*(?:,[^}]*)?}}/g)]
    .map((m) => m[1]!)
    .sort()
    .join();
}

/** Keys whose placeholders differ from the English text's (a plural form is compared with English's _other). */
export function placeholderMismatches(en: Flat, flat: Flat): string[] {
  return Object.entries(flat)
    .filter(([key, value]) => {
      const enValue = en[key] ?? en[key.replace(PLURAL_SUFFIX, "_other")];
      return typeof enValue === "string" && typeof value === "string" && placeholders(enValue) !== placeholders(value);
    })
    .map(([key]) => key);
}

/** Keys whose text still holds an English word (three Latin letters or more) beyond the names allowed. */
export function untranslatedKeys(flat: Flat, allowed: string[]): string[] {
  const latinWord = /[A-Za-z]{3,}/g;
  return Object.entries(flat)
    .filter(([, value]) => {
      const stripped = String(value).replace(/{{[^}]*}}/g, "");
      return (stripped.match(latinWord) ?? []).some((word) => !allowed.includes(word));
    })
    .map(([key]) => key);
}
