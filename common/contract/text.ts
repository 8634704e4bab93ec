import { z } from "zod";

/**
 * Free text as the API reads it (DESIGN.md section 4, "Text input"). Every string is made well-formed
 * (a lone surrogate would be stored as U+FFFD anyway, so it becomes that before anything is stored or
 * answered) and NFC-normalised, so the same words are the same bytes for search, uniqueness and length
 * limits, which count the normalised, trimmed text. The route stores the parsed value, so what the
 * server stored is what it answers.
 */

/**
 * Refused in names, headlines, topics and tags: control characters (C0, DEL and C1; NUL among them),
 * bidi embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069), which make a name read
 * differently from what it is, line and paragraph separators, and the zero-width space, word joiner and
 * zero-width no-break space (U+200B, U+2060, U+FEFF), which make two names look the same. ZWNJ and ZWJ
 * (U+200C, U+200D) stay: emoji sequences and several scripts need them.
 */
const notInSingleLine = /[\p{Cc}\u202a-\u202e\u2066-\u2069\u2028\u2029\u200b\u2060\ufeff]/u;

/** Refused in longer text: control characters (NUL among them) other than tab, line feed and carriage return. */
const notInMultiLine = /(?![\t\n\r])\p{Cc}/u;

/**
 * Removed from longer text rather than refused: they are invisible, so a writer could not find them in
 * a long post, and without them the text reads as typed instead of reordered.
 */
const bidiOverrides = /[\u202a-\u202e]/g;

type Limits = {
  max: number;
  /** 1 for a required field (the default); 0 lets an empty string through. */
  min?: 0 | 1;
  /** The message when a required field is empty or missing; `${label} is required` by default. */
  required?: string;
};

/** Well-formed, NFC, trimmed and within the limits; `label` starts every message ("Name is required"). */
function text(label: string, { max, min = 1, required = `${label} is required` }: Limits, clean: (s: string) => string) {
  const base = z
    .string({ error: min ? required : `${label} must be text` })
    .overwrite((s) => clean(s.toWellFormed().normalize("NFC")).trim());
  return (min ? base.min(1, required) : base).max(max, `${label} must be at most ${max} characters`);
}

export function singleLine(label: string, limits: Limits) {
  return text(label, limits, (s) => s).refine(
    (s) => !notInSingleLine.test(s),
    `${label} contains characters that are not allowed`,
  );
}

export function multiLine(label: string, limits: Limits) {
  return text(label, limits, (s) => s.replace(bidiOverrides, "")).refine(
    (s) => !notInMultiLine.test(s),
    `${label} contains characters that are not allowed`,
  );
}
