import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../lib/db";
import { ftsIndexes, inColumns, searchTerms } from "../../lib/full-text";
import { decodeJsonCursor, encodeJsonCursor } from "../../lib/pagination";
import { selectAs, tableAs, type SelectAsRow } from "../../lib/sql-names";
import { communities, communityMembers, sessions } from "../../lib/tables";
import type { Category, SubscriptionInterval } from "../../../common/catalog";
import type { ExploreQuery } from "../../../common/contract/communities";

export type CommunityCard = {
  id: string;
  name: string;
  description: string;
  imageUrl: string | null;
  categoryKey: Category;
  membersCount: number;
  isPaid: boolean;
  price: number;
  currency: string;
  paymentType: "subscription" | "single" | null;
  subscriptionInterval: SubscriptionInterval | null;
  isMember: boolean;
  isPrivate: boolean;
};

const index = ftsIndexes.communities;
const c = alias(communities, "c");
const m = alias(communityMembers, "m");
const s = alias(sessions, "s");

/** Each sort is a column plus the id as tie-breaker, so pages never skip or repeat a card. */
const sorts = {
  popular: { column: c.membersCount, dir: "desc" },
  newest: { column: c.createdAt, dir: "desc" },
  oldest: { column: c.createdAt, dir: "asc" },
  price_low: { column: c.price, dir: "asc" },
  price_high: { column: c.price, dir: "desc" },
} as const;

type ExploreCursor = { v: number; id: string };

const decode = (value: string) =>
  decodeJsonCursor<ExploreCursor>(value, (at) => typeof at.v === "number" && Number.isFinite(at.v) && typeof at.id === "string");

/** A card's columns; `member` is who is browsing (for the "member" flag). */
const cardColumns = (member: SQL) => ({
  id: c.id,
  name: c.name,
  description: c.description,
  imageUrls: c.imageUrls,
  categoryKey: c.categoryKey,
  membersCount: c.membersCount,
  createdAt: c.createdAt,
  isPaid: c.isPaid,
  price: c.price,
  currency: c.currency,
  paymentType: c.paymentType,
  subscriptionInterval: c.subscriptionInterval,
  visibility: c.visibility,
  isMember: sql<0 | 1>`exists (select 1 from ${tableAs(m)} where ${m.communityId} = ${c.id} and ${m.profileId} = ${member})`,
});

type Row = SelectAsRow<ReturnType<typeof cardColumns>>;

/**
 * Who is browsing, for the "member" flag on each card: a user id, or the verified session token so the
 * session lookup happens inside the same statement (a signed-in explore page is one round trip).
 */
export type ExploreViewer = { id: string } | { token: string } | null;

/**
 * The explore statement. Listed means approved and not archived (suspension is a review status);
 * the filters narrow the explore indexes. Exported for the query-plan test.
 */
export function exploreStatement(query: ExploreQuery, viewer: ExploreViewer): SQL {
  const sort = sorts[query.sort];
  // A private community is listed (marked) unless its owner keeps it out.
  const where: SQL[] = [sql`${c.reviewStatus} = 'approved'`, sql`${c.archived} = 0`, sql`${c.hiddenFromExplore} = 0`];
  if (query.category) where.push(sql`${c.categoryKey} = ${query.category}`);
  if (query.price === "free") where.push(sql`${c.isPaid} = 0`);
  if (query.price === "paid") {
    where.push(sql`${c.isPaid} = 1`);
    if (query.minPrice !== undefined) where.push(sql`${c.price} >= ${Math.round(query.minPrice * 100)}`);
    if (query.maxPrice !== undefined) where.push(sql`${c.price} <= ${Math.round(query.maxPrice * 100)}`);
  }
  if (query.paymentType !== "all") where.push(sql`${c.paymentType} = ${query.paymentType}`);
  if (query.minMembers !== undefined) where.push(sql`${c.membersCount} >= ${query.minMembers}`);
  // Text reads the communities' full-text index first; the filters and the sort apply to its matches.
  const expression = query.q ? searchTerms(query.q).expression : null;
  const fts = sql.raw(index.table);
  const from = expression ? sql`${fts} cross join ${tableAs(c)} on ${c.id} = ${fts}.id` : tableAs(c);
  if (expression) where.unshift(sql`${fts} match ${inColumns(index.columns, expression)}`);
  else if (query.q) where.push(sql`0`);
  const dir = sql.raw(sort.dir);
  if (query.cursor) {
    const cursor = decode(query.cursor);
    const op = sql.raw(sort.dir === "desc" ? "<" : ">");
    where.push(sql`(${sort.column} ${op} ${cursor.v} or (${sort.column} = ${cursor.v} and ${c.id} ${op} ${cursor.id}))`);
  }
  const member =
    viewer && "token" in viewer
      ? sql`(select ${s.userId} from ${tableAs(s)} where ${s.token} = ${viewer.token} and ${s.expiresAt} > ${Date.now()})`
      : sql`${viewer?.id ?? ""}`;
  return sql`select ${selectAs(cardColumns(member))}
    from ${from}
    where ${sql.join(where, sql` and `)}
    order by ${sort.column} ${dir}, ${c.id} ${dir}
    limit ${query.limit + 1}`;
}

/** One page of listed communities: one statement whatever the page size. */
export async function exploreCommunities(db: Db, query: ExploreQuery, viewer: ExploreViewer) {
  const results = await db.all<Row>(exploreStatement(query, viewer));
  const page = results.slice(0, query.limit);
  const last = page.at(-1);
  const sortValue = (r: Row) =>
    ({ popular: r.membersCount, newest: r.createdAt, oldest: r.createdAt, price_low: r.price, price_high: r.price })[query.sort];
  return {
    items: page.map((r): CommunityCard => ({
      id: r.id,
      name: r.name,
      description: r.description,
      imageUrl: (JSON.parse(r.imageUrls) as string[])[0] ?? null,
      categoryKey: r.categoryKey,
      membersCount: r.membersCount,
      isPaid: r.isPaid === 1,
      price: r.price,
      currency: r.currency,
      paymentType: r.paymentType,
      subscriptionInterval: r.subscriptionInterval,
      isMember: r.isMember === 1,
      isPrivate: r.visibility === "private",
    })),
    nextCursor: results.length > query.limit && last ? encodeJsonCursor({ v: sortValue(last), id: last.id }) : null,
  };
}
