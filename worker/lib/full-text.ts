/**
 * What a person typed, made into an FTS5 query (db/migrations: the *_fts indexes). Only words reach
 * MATCH, each inside double quotes: FTS5 operators, column filters, parentheses and stray quotes in
 * the text stay plain text, so no input can change the query's shape or make it fail.
 */

import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/** Word characters as the index's unicode61 tokenizer reads them (letters, digits, private use). */
const WORD = /[\p{L}\p{N}\p{Co}]+/gu;
/** The prefix indexes start at two characters; one letter alone matches as a whole word. */
const PREFIX_MIN = 2;
/**
 * The longest prefix index (db/migrations, fts_prefix_lengths). FTS5 answers a typed start of this
 * length or shorter from its index; a longer one by first merging the rows of every word that starts
 * so (see `whole` below and worker/features/search/search.queries.ts `matchOf`).
 */
export const PREFIX_MAX = 8;
const MAX_PHRASES = 12;

/** The form the index holds text in: NFC, and Russian yo as ye (the tokenizer does not fold it). */
export const indexForm = (text: string) => text.normalize("NFC").replace(/ё/g, "е").replace(/Ё/g, "Е");

/** Case and accents folded away, for comparing words as the index does (highlighting). */
export const foldWord = (word: string) =>
  /^\p{ASCII}*$/u.test(word) ? word.toLowerCase() : indexForm(word).normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

export type SearchTerms = {
  /** The FTS5 expression: quoted phrases, all required; null when the text holds no word at all. */
  expression: string | null;
  /** Every word, folded, for highlighting. */
  words: string[];
  /** The last word is still being typed: it also matches as the start of a longer word. */
  prefix: string | null;
  /**
   * When that last word is longer than PREFIX_MAX: the expression with it as a whole word only, which
   * a search may use instead when the word is common (no index answers a start that long cheaply).
   */
  whole: string | null;
};

const quote = (phrase: string) => `"${phrase.replace(/"/g, '""')}"`;

/**
 * Words are required in any order; "quoted words" are a phrase (an unclosed quote runs to the end);
 * the last word, unless it closes a phrase, also matches longer words ("startu" finds "startup").
 */
export function searchTerms(text: string, opts: { prefixMin?: number } = {}): SearchTerms {
  const prefixMin = opts.prefixMin ?? PREFIX_MIN;
  const parts = indexForm(text).split('"');
  const phrases: { words: string[]; closed: boolean }[] = [];
  parts.forEach((part, i) => {
    const quoted = i % 2 === 1;
    if (quoted) phrases.push({ words: part.match(WORD) ?? [], closed: i < parts.length - 1 });
    else for (const chunk of part.split(/\s+/)) phrases.push({ words: chunk.match(WORD) ?? [], closed: false });
  });
  const kept = phrases.filter((p) => p.words.length > 0).slice(0, MAX_PHRASES);
  const last = kept.at(-1);
  const lastWord = last?.words.at(-1);
  const prefix = last && !last.closed && lastWord && [...lastWord].length >= prefixMin ? lastWord : null;
  // Lower case here too: the tokenizer's case tables predate Georgian capitals (Mtavruli).
  const written = (starts: boolean) =>
    kept.map((p) => quote(p.words.join(" ").toLowerCase()) + (p === last && starts ? "*" : "")).join(" ");
  const expression = kept.length ? written(prefix !== null) : null;
  const whole = prefix && [...prefix].length > PREFIX_MAX ? written(false) : null;
  return { expression, words: kept.flatMap((p) => p.words.map(foldWord)), prefix: prefix && foldWord(prefix), whole };
}

/** The quoted phrases of an expression made by `searchTerms`, each with its `*` if it has one. */
export const phrasesOf = (expression: string) => expression.match(/"(?:[^"]|"")*"\*?/g) ?? [];

/** The expression limited to some columns of an index, e.g. `{headline content} : ("garden")`. */
export const inColumns = (columns: readonly string[], expression: string) => `{${columns.join(" ")}} : (${expression})`;

/**
 * The full-text indexes (db/migrations, full_text_search): the columns a search reads and their bm25
 * weights (a name or headline counts more than a description; `scope` and `id` never count).
 */
export const ftsIndexes = {
  communities: { table: "communities_fts", columns: ["name", "description", "audience"], weights: "5.0, 1.0, 2.0, 0.0" },
  posts: { table: "posts_fts", columns: ["headline", "content"], weights: "4.0, 1.0, 0.0, 0.0" },
  comments: { table: "comments_fts", columns: ["content"], weights: "1.0, 0.0, 0.0" },
  people: { table: "people_fts", columns: ["name", "profession"], weights: "4.0, 1.0, 0.0, 0.0" },
  events: { table: "events_fts", columns: ["title", "description"], weights: "4.0, 1.0, 0.0, 0.0" },
  courses: { table: "courses_fts", columns: ["title", "description"], weights: "4.0, 1.0, 0.0, 0.0" },
} as const;

/**
 * The ids of people whose name has words starting as typed ("ana kap" finds "Ana Kapanadze"), from the
 * people index: the cost follows the matches, not the number of people. With `communityId` (an SQL
 * value), only that community's members. Null when the text holds no word (match everyone).
 */
export function peopleNamed(text: string, communityId?: SQLWrapper): SQL | null {
  // A name is looked up as it is typed, from its first letter.
  const { expression } = searchTerms(text, { prefixMin: 1 });
  if (!expression) return null;
  const names = inColumns(["name"], expression);
  const match = communityId ? sql`'scope : ("' || hex(${communityId}) || '") AND ' || ${names}` : sql`${names}`;
  return sql`(select id from people_fts where people_fts match ${match})`;
}
