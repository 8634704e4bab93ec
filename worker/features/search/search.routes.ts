import type { SQL } from "drizzle-orm";
import type { Context } from "hono";
import { groupedSearchKinds, type GroupedSearchKind } from "../../../common/contract/enums";
import { SEARCH_RANKED_MAX } from "../../../common/contract/limits";
import { search, type SearchHit } from "../../../common/contract/search";
import type { HonoEnv } from "../../env";
import { unauthenticated } from "../../lib/errors";
import { searchTerms } from "../../lib/full-text";
import { decodeJsonCursor, encodeJsonCursor } from "../../lib/pagination";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { sessionStatement, sessionToken, sessionUserFrom } from "../../lib/session";
import { toHit } from "./search-hits";
import { byRank, groupedSearch, kindSearch, type HitRow, type SearchCursor } from "./search.queries";

const noHits = () =>
  Object.fromEntries(groupedSearchKinds.map((kind) => [kind, [] as SearchHit[]])) as Record<GroupedSearchKind, SearchHit[]>;

const decodeCursor = (value: string) =>
  decodeJsonCursor<SearchCursor>(
    value,
    (c) =>
      (Number.isSafeInteger(c.older) && Object.keys(c).length === 1) ||
      (Number.isFinite(c.score) && Number.isSafeInteger(c.at) && typeof c.id === "string" && (c.id as string).length <= 64),
  );

/**
 * The next page's cursor: within the ranked matches while they last; then, when older matches were
 * left out of the ranking, on to those (newest first) from the oldest ranked place.
 */
function nextCursor(rows: HitRow[], limit: number, after: SearchCursor | null): SearchCursor | null {
  const last = rows.slice(0, limit).at(-1);
  if (after && "older" in after) return rows.length > limit && last ? { older: last.r } : null;
  if (rows.length > limit && last) return { score: last.score, at: last.at, id: last.id };
  const first = rows[0];
  return first && (first.ranked ?? 0) >= SEARCH_RANKED_MAX && first.window_end != null ? { older: first.window_end } : null;
}

/** The session and the search (when there is a word to look for) in one round trip; 401 without a session. */
async function searchWithSession(c: Context<HonoEnv>, token: string, statement: SQL | null): Promise<HitRow[]> {
  const db = c.var.db;
  const session = sessionStatement(db, token);
  const hits = statement ? db.all<HitRow>(statement) : null;
  const [row, rows] = hits ? await db.batch([session, hits]) : [await session, []];
  if (!sessionUserFrom(c, row)) throw unauthenticated();
  return rows;
}

/** Search over what the viewer may see (common/contract/search.ts). One D1 round trip. */
export const searchRoutes = [
  route(search.grouped, async (c) => {
    const { q, limit } = c.req.valid("query");
    const token = await sessionToken(c);
    const terms = searchTerms(q);
    const rows = await searchWithSession(
      c,
      token,
      terms.expression ? groupedSearch(token, { expression: terms.expression, whole: terms.whole }, limit) : null,
    );
    const groups = noHits();
    for (const row of rows.sort(byRank)) groups[row.kind as GroupedSearchKind].push(toHit(row, terms));
    return respond(c, search.grouped, groups);
  }),
  route(search.kind, async (c) => {
    const { kind } = c.req.valid("param");
    const { q, cursor, limit } = c.req.valid("query");
    const token = await sessionToken(c);
    const after = cursor ? decodeCursor(cursor) : null;
    const terms = searchTerms(q);
    const rows = await searchWithSession(
      c,
      token,
      terms.expression ? kindSearch(token, kind, { expression: terms.expression, whole: terms.whole }, limit, after) : null,
    );
    const next = nextCursor(rows, limit, after);
    return respond(c, search.kind, {
      items: rows.slice(0, limit).map((row) => toHit(row, terms)),
      nextCursor: next ? encodeJsonCursor(next) : null,
    });
  }),
];
