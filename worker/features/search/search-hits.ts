import type { Highlighted, SearchHit } from "../../../common/contract/search";
import type { SearchTerms } from "../../lib/full-text";
import { highlight, snippet } from "./highlight";
import type { HitRow } from "./search.queries";

/** A post without a headline is titled by the start of its content; a comment by its text. */
const TITLE_LENGTH = 90;
const COMMENT_LENGTH = 140;
const noTerms = { words: [], prefix: null };

function titleAndSnippet(row: HitRow, terms: SearchTerms): [Highlighted, Highlighted | null] {
  const body = row.body ?? "";
  if (row.kind === "comments") return [snippet(body, terms, COMMENT_LENGTH), null];
  if (row.kind === "posts" && !row.title) {
    const opening = snippet(body, noTerms, TITLE_LENGTH).text;
    return [highlight(opening, terms), opening.endsWith("…") ? snippet(body, terms) : null];
  }
  return [highlight(row.title ?? "", terms), body.trim() ? snippet(body, terms) : null];
}

/** A row as the API answers it, with the matched words marked in its title and snippet. */
export function toHit(row: HitRow, terms: SearchTerms): SearchHit {
  const [title, text] = titleAndSnippet(row, terms);
  return {
    kind: row.kind,
    id: row.id,
    title,
    snippet: text,
    communityId: row.community_id,
    communityName: row.community_name,
    postId: row.post_id,
    authorName: row.author_name,
    imageUrl: row.image_url,
    createdAt: row.kind === "posts" || row.kind === "comments" ? row.at : null,
    startTime: row.kind === "events" ? row.n : null,
    membersCount: row.kind === "communities" ? row.n : null,
  };
}
