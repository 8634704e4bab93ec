import { sql, type Column, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { groupedSearchKinds, type SearchKind } from "../../../common/contract/enums";
import { SEARCH_RANKED_MAX } from "../../../common/contract/limits";
import { blockedBetween, memberCommunityIds } from "../../lib/access";
import { notHiddenByBan } from "../../lib/membership";
import { ftsIndexes, inColumns, phrasesOf, type SearchTerms } from "../../lib/full-text";
import { leftJoined, tableAs, type SelectAsRow } from "../../lib/sql-names";
import {
  classroomCourses,
  communities,
  communityEvents,
  communityMembers,
  postComments,
  posts,
  sessions,
  users,
} from "../../lib/tables";

/**
 * Where the next page starts: within the ranked newest matches, after the last hit's rank, recency and
 * id; past them, before a place in the index (older matches, newest first).
 */
export type SearchCursor = { score: number; at: number; id: string } | { older: number };

/** The tables a search reads, under the aliases its statements (and their query plans) name them by. */
const c = alias(communities, "c");
const p = alias(posts, "p");
const pc = alias(postComments, "pc");
const u = alias(users, "u");
const m = alias(communityMembers, "m");
const e = alias(communityEvents, "e");
const co = alias(classroomCourses, "co");
const cc = alias(communities, "cc");
const cm = alias(communityMembers, "cm");
const s = alias(sessions, "s");

const viewer = sql.raw("(select id from viewer)");
const inScope = (column: SQLWrapper) => sql`${column} in (select id from scope)`;
const notBlocked = (column: SQLWrapper) => sql`not ${blockedBetween(column, viewer)}`;
const none = sql<null>`null`;

/** What a hit shows, in the same order for every kind (their selects are united). */
const displayKeys = ["title", "body", "community_id", "community_name", "post_id", "author_name", "image_url", "n"] as const;
type Display = { fields: Record<(typeof displayKeys)[number], Column | SQL>; from: SQL };

/**
 * How one kind is read: `scoped` kinds belong to communities and are only looked for in the viewer's
 * own (see `rankedOf`); `source` joins the ranked matches (`w`) to their tables, `visible` keeps what
 * the viewer may see and `at` is the recency that breaks ties. `display` reads a kept hit (`h`).
 * CROSS JOIN keeps the matches the outer loop: left to itself, SQLite would rather walk every post
 * of the viewer's communities (or every listed community) and look the matches up.
 */
type Kind = { scoped: boolean; source: SQL; visible: SQL; at: Column; display: Display };

const kinds = {
  // Listed communities, and the viewer's own (archived, or the creator's still under review).
  communities: {
    scoped: false,
    source: sql`cross join ${tableAs(c)} on ${c.id} = w.id`,
    visible: sql`((${c.reviewStatus} = 'approved' and ${c.archived} = 0) or ${inScope(c.id)})`,
    at: c.createdAt,
    display: {
      fields: {
        title: c.name,
        body: c.description,
        community_id: c.id,
        community_name: c.name,
        post_id: none,
        author_name: none,
        image_url: sql<string | null>`case when json_valid(${c.imageUrls}) then ${c.imageUrls} ->> '$[0]' end`,
        /** Its members count. */
        n: c.membersCount,
      },
      from: sql`communities_hits h join ${tableAs(c)} on ${c.id} = h.id`,
    },
  },
  posts: {
    scoped: true,
    source: sql`cross join ${tableAs(p)} on ${p.id} = w.id`,
    visible: sql`${inScope(p.communityId)} and ${notBlocked(p.authorId)} and ${notHiddenByBan(p.communityId, p.authorId)}`,
    at: p.createdAt,
    display: {
      fields: {
        title: p.headline,
        body: p.content,
        community_id: p.communityId,
        community_name: c.name,
        post_id: p.id,
        author_name: leftJoined(u.fullName),
        image_url: none,
        n: none,
      },
      from: sql`posts_hits h join ${tableAs(p)} on ${p.id} = h.id join ${tableAs(c)} on ${c.id} = ${p.communityId}
        left join ${tableAs(u)} on ${u.id} = ${p.authorId}`,
    },
  },
  // A comment is hidden when either its author or its post's author and the viewer blocked each other.
  comments: {
    scoped: true,
    source: sql`cross join ${tableAs(pc)} on ${pc.id} = w.id cross join ${tableAs(p)} on ${p.id} = ${pc.postId}`,
    visible: sql`${inScope(p.communityId)} and ${notBlocked(pc.authorId)} and ${notBlocked(p.authorId)}
      and ${notHiddenByBan(p.communityId, pc.authorId)} and ${notHiddenByBan(p.communityId, p.authorId)}`,
    at: pc.createdAt,
    display: {
      fields: {
        title: none,
        body: pc.content,
        community_id: p.communityId,
        community_name: c.name,
        post_id: pc.postId,
        author_name: leftJoined(u.fullName),
        image_url: none,
        n: none,
      },
      from: sql`comments_hits h join ${tableAs(pc)} on ${pc.id} = h.id join ${tableAs(p)} on ${p.id} = ${pc.postId}
        join ${tableAs(c)} on ${c.id} = ${p.communityId} left join ${tableAs(u)} on ${u.id} = ${pc.authorId}`,
    },
  },
  // People who share a community with the viewer; the display names the first one they share.
  people: {
    scoped: true,
    source: sql`cross join ${tableAs(u)} on ${u.id} = w.id`,
    visible: sql`exists (select 1 from ${tableAs(m)} where ${m.profileId} = ${u.id} and ${inScope(m.communityId)})
      and ${notBlocked(u.id)}`,
    at: u.createdAt,
    display: {
      fields: {
        title: u.fullName,
        body: u.profession,
        community_id: leftJoined(c.id),
        community_name: leftJoined(c.name),
        post_id: none,
        author_name: none,
        image_url: u.avatarUrl,
        n: none,
      },
      from: sql`people_hits h join ${tableAs(u)} on ${u.id} = h.id
        left join ${tableAs(c)} on ${c.id} = (select ${m.communityId} from ${tableAs(m)}
          where ${m.profileId} = h.id and ${inScope(m.communityId)} order by ${m.joinedAt} limit 1)`,
    },
  },
  events: {
    scoped: true,
    source: sql`cross join ${tableAs(e)} on ${e.id} = w.id`,
    visible: inScope(e.communityId),
    at: e.createdAt,
    display: {
      fields: {
        title: e.name,
        body: e.description,
        community_id: e.communityId,
        community_name: c.name,
        post_id: none,
        author_name: none,
        image_url: e.imageUrl,
        /** Its start time. */
        n: e.startTime,
      },
      from: sql`events_hits h join ${tableAs(e)} on ${e.id} = h.id join ${tableAs(c)} on ${c.id} = ${e.communityId}`,
    },
  },
  // Drafts (unpublished courses) only for the community's owner and admins, as in the classroom.
  courses: {
    scoped: true,
    source: sql`cross join ${tableAs(co)} on ${co.id} = w.id`,
    visible: sql`${inScope(co.communityId)} and (${co.published} = 1
      or exists (select 1 from ${tableAs(cc)} where ${cc.id} = ${co.communityId} and ${cc.creatorId} = ${viewer})
      or exists (select 1 from ${tableAs(cm)} where ${cm.communityId} = ${co.communityId} and ${cm.profileId} = ${viewer}
        and ${cm.role} = 'admin'))`,
    at: co.createdAt,
    display: {
      fields: {
        title: co.title,
        body: co.description,
        community_id: co.communityId,
        community_name: c.name,
        post_id: none,
        author_name: none,
        image_url: co.imageUrl,
        n: none,
      },
      from: sql`courses_hits h join ${tableAs(co)} on ${co.id} = h.id join ${tableAs(c)} on ${c.id} = ${co.communityId}`,
    },
  },
} satisfies Record<SearchKind, Kind>;

/** What a kind's hit shows, typed from the columns it reads. */
type Displayed = { [K in SearchKind]: SelectAsRow<(typeof kinds)[K]["display"]["fields"]> }[SearchKind];

/**
 * One hit as every kind's statement answers it (search-hits.ts gives each kind its shape). The id,
 * the place and the scores come from the full-text indexes and their ranking, which the schema does
 * not describe.
 */
export type HitRow = Displayed & {
  kind: SearchKind;
  id: string;
  /** bm25, or the in-row score for common words (`scoreOf`): lower is better. */
  score: number;
  /** When it was created: newer first among equal scores. */
  at: number;
  /** Its place in the kind's index (rowid): the older matches page by it. */
  r: number;
  /** One kind's ranked pages: how many matches were ranked (SEARCH_RANKED_MAX when older ones wait). */
  ranked?: number;
  /** One kind's ranked pages: the oldest place among the ranked matches, where the older ones start. */
  window_end?: number | null;
};

/**
 * The viewer (read from the session inside the statement, so a search is one round trip), the
 * communities whose members-only content they may see, and those as an FTS5 filter on `scope`: the
 * index then only walks rows of the viewer's communities, whatever the size of the rest.
 */
function prelude(token: string, now: number): SQL {
  return sql`viewer(id) as (select ${s.userId} from ${tableAs(s)} where ${s.token} = ${token} and ${s.expiresAt} > ${now}),
    scope(id) as (${memberCommunityIds(viewer, now)}),
    scope_match(expr) as (select 'scope : (' || coalesce(group_concat('"' || hex(id) || '"', ' OR '), '"none"') || ')' from scope)`;
}

/** A phrase found in at least this many rows of an index is common (see `scoreOf`). */
export const COMMON_PHRASE_ROWS = 1000;

/**
 * What one kind's statements match (a MATCH value each): the typed words (`words`) and each phrase of
 * them (`phrases`), from `matchOf`, with the CTE they read when there is one.
 */
type Match = { cte: SQL | null; words: SQL; phrases: SQL[] };

/** What the search statements take: the expression of `searchTerms`, and its whole-word form. */
export type MatchTerms = Pick<SearchTerms, "whole"> & { expression: string };

/**
 * A typed last word of at most PREFIX_MAX characters is matched as the start of words from its prefix
 * index. A longer one has no index of its length, and FTS5 answers it by first merging the rows of every
 * word starting so, through the whole index: cheap for a start few rows have, and for a word in most
 * rows it was most of the search (the whole list, three times a search). So when the word as typed is
 * itself common in this index (COMMON_PHRASE_ROWS rows or more: a word people write often, typed out),
 * `<kind>_terms (whole)` says so, and it is matched as that word alone, a lookup; its longer forms are
 * left out. Otherwise it stays the start of words.
 */
function matchOf(name: SearchKind, terms: MatchTerms): Match {
  const { table, columns } = ftsIndexes[name];
  const phrases = phrasesOf(terms.expression).map((phrase) => inColumns(columns, phrase));
  if (!terms.whole)
    return { cte: null, words: sql`${inColumns(columns, terms.expression)}`, phrases: phrases.map((p) => sql`${p}`) };
  const fts = sql.raw(table);
  const choice = sql.raw(`${name}_terms`);
  const wholePhrases = phrasesOf(terms.whole).map((phrase) => inColumns(columns, phrase));
  const typedOut = wholePhrases.at(-1)!;
  const pick = (whole: string, typed: string) => sql`(case when (select whole from ${choice}) then ${whole} else ${typed} end)`;
  return {
    cte: sql`${choice}(whole) as materialized (select exists (select 1 from ${fts} where ${fts} match ${typedOut}
      limit 1 offset ${COMMON_PHRASE_ROWS - 1}))`,
    words: pick(inColumns(columns, terms.whole), inColumns(columns, terms.expression)),
    phrases: phrases.map((phrase, i) => (i === phrases.length - 1 ? pick(wholePhrases[i]!, phrase) : sql`${phrase}`)),
  };
}

/**
 * `<kind>_common (yes)`: whether any typed phrase is common. Asking walks at most COMMON_PHRASE_ROWS
 * rows of each phrase, whatever the size of the index.
 */
function commonOf(name: SearchKind, match: Match): SQL {
  const fts = sql.raw(ftsIndexes[name].table);
  const tests = match.phrases.map(
    (phrase) => sql`exists (select 1 from ${fts} where ${fts} match ${phrase} limit 1 offset ${COMMON_PHRASE_ROWS - 1})`,
  );
  return sql`${match.cte ? sql`${match.cte}, ` : sql``}${sql.raw(`${name}_common`)}(yes) as (select ${sql.join(tests, sql` or `)})`;
}

/**
 * How well a row matches. bm25 weighs each phrase by how rare it is across the whole index, and FTS5
 * counts that by walking every row holding the phrase, once per search: for a word in nearly every row
 * that walk was most of the search's cost, and it grew with the platform. Such a word tells rows apart
 * by little anyway, so then the row's own matches decide: per column, its weight times the matches
 * saturating as bm25's do (tf / (tf + 1.2)), counted from `highlight()` (no index-wide statistics).
 */
function scoreOf(name: SearchKind): SQL {
  const { table, columns, weights } = ftsIndexes[name];
  const weight = weights.split(",").map(Number);
  const marked = (i: number) => sql.raw(`highlight(${table}, ${i}, char(1), '')`);
  const inRow = columns.map((_, i) => {
    const tf = sql`(length(${marked(i)}) - length(replace(${marked(i)}, char(1), '')))`;
    return sql`${weight[i]} * ${tf} / (${tf} + 1.2)`;
  });
  return sql`case when (select yes from ${sql.raw(`${name}_common`)}) then -(${sql.join(inRow, sql` + `)})
    else bm25(${sql.raw(table)}, ${sql.raw(weights)}) end`;
}

/**
 * The newest SEARCH_RANKED_MAX matches of one kind, ranked: `<kind>_ranked (id, score)`.
 *
 * Unscoped (communities): one pass, newest first, ranked. Scoped kinds take two: the window of newest
 * matches within the viewer's communities (the scope filter in the MATCH), then the ranking over just
 * those rows from a MATCH of the words alone. bm25 counts every phrase of its MATCH through the whole
 * index once per search; with the scope in it, that count would walk every row of the viewer's
 * communities, and the cost of a search would grow with them. The rowid range lets FTS5 seek straight
 * to the window, and the unary plus keeps the rowid list a filter (as a lookup, FTS5 would start the
 * query, bm25's counts included, once per row).
 */
function rankedOf(name: SearchKind, match: Match): SQL {
  const fts = sql.raw(ftsIndexes[name].table);
  const words = match.words;
  const ranked = sql.raw(`${name}_ranked`);
  const common = commonOf(name, match);
  if (!kinds[name].scoped) {
    return sql`${common}, ${ranked}(id, score, r) as (select ${fts}.id, ${scoreOf(name)}, ${fts}.rowid from ${fts}
      where ${fts} match ${words} order by ${fts}.rowid desc limit ${SEARCH_RANKED_MAX})`;
  }
  const window = sql.raw(`${name}_window`);
  return sql`${common}, ${window}(r) as materialized (select ${fts}.rowid from ${fts}
      where ${fts} match ((select expr from scope_match) || ' AND ' || ${words}) order by ${fts}.rowid desc limit ${SEARCH_RANKED_MAX}),
    ${ranked}(id, score, r) as (select ${fts}.id, ${scoreOf(name)}, ${fts}.rowid from ${fts}
      where ${fts} match ${words} and ${fts}.rowid between (select min(r) from ${window}) and (select max(r) from ${window})
        and +${fts}.rowid in (select r from ${window}))`;
}

/** The best `limit` hits of one kind (after `after`) the viewer may see, as the CTE `<kind>_hits` (id, score, at, r). */
function hitsOf(name: SearchKind, terms: MatchTerms, limit: number, after: SearchCursor | null): SQL {
  const match = matchOf(name, terms);
  if (after && "older" in after) return olderHitsOf(name, match, limit, after.older);
  const kind: Kind = kinds[name];
  const at = kind.at;
  const keyset = after
    ? sql` and (w.score > ${after.score} or (w.score = ${after.score}
        and (${at} < ${after.at} or (${at} = ${after.at} and w.id < ${after.id}))))`
    : sql``;
  return sql`${rankedOf(name, match)},
    ${sql.raw(name)}_hits as (
      select w.id, w.score, ${at} as at, w.r from ${sql.raw(name)}_ranked w ${kind.source}
      where ${kind.visible}${keyset}
      order by w.score, at desc, w.id desc limit ${limit})`;
}

/**
 * Past the ranked window: the next `limit` matches older than place `before`, newest first, unranked
 * (score 0). The index walks its rows backwards from `before` and stops at the page's end, so a page
 * costs the same however far back it is.
 */
function olderHitsOf(name: SearchKind, match: Match, limit: number, before: number): SQL {
  const kind: Kind = kinds[name];
  const fts = sql.raw(ftsIndexes[name].table);
  const value = kind.scoped ? sql`((select expr from scope_match) || ' AND ' || ${match.words})` : match.words;
  return sql`${match.cte ? sql`${match.cte}, ` : sql``}${sql.raw(name)}_older(id, r) as (select ${fts}.id, ${fts}.rowid from ${fts}
      where ${fts} match ${value} and ${fts}.rowid < ${before}),
    ${sql.raw(name)}_hits as (
      select w.id, 0 as score, ${kind.at} as at, w.r from ${sql.raw(name)}_older w ${kind.source}
      where ${kind.visible}
      order by w.r desc limit ${limit})`;
}

/**
 * A kind's hits as HitRows; with `counted`, also how many matches were ranked (counted from the
 * materialized window where there is one: counting the ranked CTE would run its FTS5 query again).
 */
function displayOf(name: SearchKind, counted = false): SQL {
  const ranked = sql.raw(kinds[name].scoped ? `${name}_window` : `${name}_ranked`);
  const count = counted ? sql`(select count(*) from ${ranked}) as ranked, (select min(r) from ${ranked}) as window_end, ` : sql``;
  const { fields, from }: Display = kinds[name].display;
  const shown = sql.join(
    displayKeys.map((key) => sql`${fields[key]} as ${sql.identifier(key)}`),
    sql`, `,
  );
  return sql`select ${name} as kind, h.id, h.score, h.at, h.r, ${count}${shown} from ${from}`;
}

/** D1 allows at most five terms in one compound select: longer unions nest. */
function unionAll(parts: SQL[]): SQL {
  if (parts.length <= 5) return sql.join(parts, sql` union all `);
  return sql`select * from (${sql.join(parts.slice(0, 4), sql` union all `)}) union all select * from (${unionAll(parts.slice(4))})`;
}

/** An expression alone (a quoted phrase, a finished word) has no whole-word form. */
const asTerms = (terms: MatchTerms | string): MatchTerms =>
  typeof terms === "string" ? { expression: terms, whole: null } : terms;

/** The best `limit` hits of each grouped kind: one statement. */
export function groupedSearch(token: string, terms: MatchTerms | string, limit: number): SQL {
  const match = asTerms(terms);
  return sql`with ${prelude(token, Date.now())}, ${sql.join(
    groupedSearchKinds.map((name) => hitsOf(name, match, limit, null)),
    sql`, `,
  )} ${unionAll(groupedSearchKinds.map((name) => displayOf(name)))}`;
}

/** One page of one kind (best first), `limit + 1` rows so the caller knows whether another page follows. */
export function kindSearch(
  token: string,
  name: SearchKind,
  terms: MatchTerms | string,
  limit: number,
  after: SearchCursor | null,
): SQL {
  const older = after !== null && "older" in after;
  return sql`with ${prelude(token, Date.now())}, ${hitsOf(name, asTerms(terms), limit + 1, after)}
    ${displayOf(name, !older)} order by ${older ? sql`h.r desc` : sql`h.score, h.at desc, h.id desc`}`;
}

/** Best first, newer first among equals: the order of every statement above. */
export const byRank = (a: HitRow, b: HitRow) => a.score - b.score || b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
