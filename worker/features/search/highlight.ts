import type { Highlighted } from "../../../common/contract/search";
import { foldWord, type SearchTerms } from "../../lib/full-text";

const WORD = /[\p{L}\p{N}\p{Co}]+/gu;
const SNIPPET_LENGTH = 160;
/** How much text a snippet keeps before its first match. */
const LEAD = 40;

/** The ranges of `text` whose words the search matched (whole words, and the typed prefix). */
export function highlight(text: string, terms: Pick<SearchTerms, "words" | "prefix">): Highlighted {
  const words = new Set(terms.words);
  const marks: [number, number][] = [];
  for (const match of text.matchAll(WORD)) {
    const word = foldWord(match[0]);
    if (words.has(word) || (terms.prefix !== null && word.startsWith(terms.prefix))) {
      marks.push([match.index, match.index + match[0].length]);
    }
  }
  return { text, marks };
}

/**
 * One line of a longer text around its first match (or its start), at most about SNIPPET_LENGTH
 * characters, cut at spaces, with an ellipsis where text was left out.
 */
export function snippet(text: string, terms: Pick<SearchTerms, "words" | "prefix">, length = SNIPPET_LENGTH): Highlighted {
  const line = text.replace(/\s+/g, " ").trim();
  const whole = highlight(line, terms);
  if (line.length <= length) return whole;
  const first = whole.marks[0]?.[0] ?? 0;
  let start = Math.max(0, first - LEAD);
  const space = line.indexOf(" ", start);
  if (start > 0 && space >= 0 && space < first) start = space + 1;
  let end = Math.min(line.length, start + length);
  const lastSpace = line.lastIndexOf(" ", end);
  if (end < line.length && lastSpace > first) end = lastSpace;
  const head = start > 0 ? "…" : "";
  const tail = end < line.length ? "…" : "";
  const shift = head.length - start;
  const marks = whole.marks.filter(([a, b]) => a >= start && b <= end).map(([a, b]): [number, number] => [a + shift, b + shift]);
  return { text: head + line.slice(start, end) + tail, marks };
}
