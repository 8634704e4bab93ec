import type { Highlighted } from "../../../common/contract/search";
import { foldWord, type SearchTerms } from "../../lib/full-text";

type Terms = Pick<SearchTerms, "words" | "prefix">;

const WORD = /[\p{L}\p{N}\p{Co}]+/gu;
const SNIPPET_LENGTH = 160;
/** How much text a snippet keeps before its first match. */
const LEAD = 40;

/** Whether a word of the text is one the search matched (a whole word, or the start of the typed one). */
function matcher(terms: Terms) {
  const words = new Set(terms.words);
  return (word: string) => {
    const folded = foldWord(word);
    return words.has(folded) || (terms.prefix !== null && folded.startsWith(terms.prefix));
  };
}

function marksOf(text: string, isMatch: (word: string) => boolean): [number, number][] {
  const marks: [number, number][] = [];
  for (const m of text.matchAll(WORD)) if (isMatch(m[0])) marks.push([m.index, m.index + m[0].length]);
  return marks;
}

/** The ranges of `text` whose words the search matched. */
export function highlight(text: string, terms: Terms): Highlighted {
  return { text, marks: marksOf(text, matcher(terms)) };
}

/**
 * One line of a longer text around its first match (or its start), at most about `length`
 * characters, cut at spaces, with an ellipsis where text was left out. Only the kept part is read
 * word by word: a post may be 2,000 characters and a search answers dozens of them.
 */
export function snippet(text: string, terms: Terms, length = SNIPPET_LENGTH): Highlighted {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= length) return highlight(line, terms);
  const isMatch = matcher(terms);
  let first = 0;
  for (const m of line.matchAll(WORD)) {
    if (isMatch(m[0])) {
      first = m.index;
      break;
    }
  }
  let start = Math.max(0, first - LEAD);
  const space = line.indexOf(" ", start);
  if (start > 0 && space >= 0 && space < first) start = space + 1;
  let end = Math.min(line.length, start + length);
  const lastSpace = line.lastIndexOf(" ", end);
  if (end < line.length && lastSpace > first) end = lastSpace;
  const head = start > 0 ? "…" : "";
  const tail = end < line.length ? "…" : "";
  const kept = line.slice(start, end);
  const marks = marksOf(kept, isMatch).map(([a, b]): [number, number] => [a + head.length, b + head.length]);
  return { text: head + kept + tail, marks };
}
