/**
 * A language's API texts: `texts` maps each English text to its translation; `{{name}}` in a key stands
 * for any value ("At most {{n}} options"; `{{n}}` only for a number), which the translation repeats where
 * it says `{{name}}`. A `{{label}}` value is a field's name and is itself looked up in `labels`.
 * `{{n|one|few|many}}` in a translation is the word that goes with the number n (Russian plurals).
 * Keys are tried exact first, then the most specific pattern first (worker/lib/translate.ts).
 */
export type Catalogue = { texts: Record<string, string>; labels: Record<string, string> };
