import { z } from "zod";
import { searchKinds } from "./enums";
import { cursorParam, endpoint, limitParam, page } from "./http";
import { SEARCH_GROUP_MAX, SEARCH_GROUP_SIZE, SEARCH_PAGE_MAX, SEARCH_PAGE_SIZE, SEARCH_TEXT_MAX } from "./limits";

/**
 * Search over what the viewer may see: communities, and the posts, comments, members, events and
 * courses of their own communities. Words match as whole words, the last one also as the start of a
 * word (as you type); "quoted words" match as a phrase. Best match first, newer first among equals.
 */

const text = z.string().trim().max(SEARCH_TEXT_MAX, `Search text must be at most ${SEARCH_TEXT_MAX} characters`).default("");

export const searchQuery = z.object({
  q: text,
  limit: limitParam(SEARCH_GROUP_MAX, SEARCH_GROUP_SIZE),
});

export const searchKindParams = z.object({ kind: z.enum(searchKinds, { error: "Unknown kind of result" }) });

export const searchPageQuery = z.object({
  q: text,
  cursor: cursorParam,
  limit: limitParam(SEARCH_PAGE_MAX, SEARCH_PAGE_SIZE),
});

/**
 * Plain text and the ranges of it that matched, [start, end) in UTF-16 code units. The text is never
 * markup: the web wraps the ranges in <mark> elements itself.
 */
export const highlighted = z.object({
  text: z.string(),
  marks: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type Highlighted = z.output<typeof highlighted>;

/** One result. Which fields are set depends on the kind (see each field). */
export const searchHit = z.object({
  kind: z.enum(searchKinds),
  id: z.string(),
  /** Community, person, event or course name, post headline (or its first words), comment text. */
  title: highlighted,
  /** Description, profession or the part of a post's content around the first match. */
  snippet: highlighted.nullable(),
  /** The community it belongs to (a person: one the viewer shares with them). */
  communityId: z.string().nullable(),
  communityName: z.string().nullable(),
  /** Comments: the post they belong to. */
  postId: z.string().nullable(),
  /** Posts and comments. */
  authorName: z.string().nullable(),
  /** Community image, avatar, event or course image. */
  imageUrl: z.string().nullable(),
  /** Posts and comments. */
  createdAt: z.number().nullable(),
  /** Events. */
  startTime: z.number().nullable(),
  /** Communities. */
  membersCount: z.number().nullable(),
});
export type SearchHit = z.output<typeof searchHit>;

/**
 * One kind's page. The SEARCH_RANKED_MAX newest matches come best first; the pages after them go on
 * through the older matches, newest first.
 */
export const searchPage = page(searchHit);

const hits = z.array(searchHit);
export const searchGroups = z.object({
  communities: hits,
  posts: hits,
  people: hits,
  events: hits,
  courses: hits,
});

export const search = {
  /** The best few of each grouped kind (the header's dropdown, the page's "All" tab). */
  grouped: endpoint("GET", "/api/search", { query: searchQuery, response: searchGroups }),
  /** One kind, page by page. */
  kind: endpoint("GET", "/api/search/:kind", { params: searchKindParams, query: searchPageQuery, response: searchPage }),
};
