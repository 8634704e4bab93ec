import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../lib/db";
import { ftsIndexes, inColumns, searchTerms } from "../../lib/full-text";
import { decodeJsonCursor, encodeJsonCursor } from "../../lib/pagination";
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
};

const index = ftsIndexes.communities;

/** Each sort is a column plus the id as tie-breaker, so pages never skip or repeat a card. */
const sorts = {
  popular: { column: sql.raw("c.members_count"), dir: "desc" },
  newest: { column: sql.raw("c.created_at"), dir: "desc" },
  oldest: { column: sql.raw("c.created_at"), dir: "asc" },
  price_low: { column: sql.raw("c.price"), dir: "asc" },
  price_high: { column: sql.raw("c.price"), dir: "desc" },
} as const;

type ExploreCursor = { v: number; id: string };

const decode = (value: string) =>
  decodeJsonCursor<ExploreCursor>(value, (c) => typeof c.v === "number" && Number.isFinite(c.v) && typeof c.id === "string");

type Row = {
  id: string;
  name: string;
  description: string;
  image_urls: string;
  category_key: Category;
  members_count: number;
  created_at: number;
  is_paid: number;
  price: number;
  currency: string;
  payment_type: "subscription" | "single" | null;
  subscription_interval: SubscriptionInterval | null;
  is_member: number;
};

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
  const where: SQL[] = [sql`c.review_status = 'approved'`, sql`c.archived = 0`];
  if (query.category) where.push(sql`c.category_key = ${query.category}`);
  if (query.price === "free") where.push(sql`c.is_paid = 0`);
  if (query.price === "paid") {
    where.push(sql`c.is_paid = 1`);
    if (query.minPrice !== undefined) where.push(sql`c.price >= ${Math.round(query.minPrice * 100)}`);
    if (query.maxPrice !== undefined) where.push(sql`c.price <= ${Math.round(query.maxPrice * 100)}`);
  }
  if (query.paymentType !== "all") where.push(sql`c.payment_type = ${query.paymentType}`);
  if (query.minMembers !== undefined) where.push(sql`c.members_count >= ${query.minMembers}`);
  // Text reads the communities' full-text index first; the filters and the sort apply to its matches.
  const expression = query.q ? searchTerms(query.q).expression : null;
  const fts = sql.raw(index.table);
  const from = expression ? sql`${fts} cross join communities c on c.id = ${fts}.id` : sql`communities c`;
  if (expression) where.unshift(sql`${fts} match ${inColumns(index.columns, expression)}`);
  else if (query.q) where.push(sql`0`);
  const dir = sql.raw(sort.dir);
  if (query.cursor) {
    const cursor = decode(query.cursor);
    const op = sql.raw(sort.dir === "desc" ? "<" : ">");
    where.push(sql`(${sort.column} ${op} ${cursor.v} or (${sort.column} = ${cursor.v} and c.id ${op} ${cursor.id}))`);
  }
  const member =
    viewer && "token" in viewer
      ? sql`(select s.user_id from sessions s where s.token = ${viewer.token} and s.expires_at > ${Date.now()})`
      : sql`${viewer?.id ?? ""}`;
  return sql`select c.id, c.name, c.description, c.image_urls, c.category_key, c.members_count, c.created_at, c.is_paid,
      c.price, c.currency, c.payment_type, c.subscription_interval,
      exists (select 1 from community_members m where m.community_id = c.id and m.profile_id = ${member}) as is_member
    from ${from}
    where ${sql.join(where, sql` and `)}
    order by ${sort.column} ${dir}, c.id ${dir}
    limit ${query.limit + 1}`;
}

/** One page of listed communities: one statement whatever the page size. */
export async function exploreCommunities(db: Db, query: ExploreQuery, viewer: ExploreViewer) {
  const results = await db.all<Row>(exploreStatement(query, viewer));
  const page = results.slice(0, query.limit);
  const last = page.at(-1);
  const sortValue = (r: Row) =>
    ({ popular: r.members_count, newest: r.created_at, oldest: r.created_at, price_low: r.price, price_high: r.price })[
      query.sort
    ];
  return {
    items: page.map((r): CommunityCard => ({
      id: r.id,
      name: r.name,
      description: r.description,
      imageUrl: (JSON.parse(r.image_urls) as string[])[0] ?? null,
      categoryKey: r.category_key,
      membersCount: r.members_count,
      isPaid: r.is_paid === 1,
      price: r.price,
      currency: r.currency,
      paymentType: r.payment_type,
      subscriptionInterval: r.subscription_interval,
      isMember: r.is_member === 1,
    })),
    nextCursor: results.length > query.limit && last ? encodeJsonCursor({ v: sortValue(last), id: last.id }) : null,
  };
}
