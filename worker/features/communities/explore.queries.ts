import { AppError } from "../../lib/errors";
import { containsParams, containsSql } from "../../lib/text-search";
import type { SubscriptionInterval } from "../../../common/catalog";
import type { ExploreQuery } from "../../../common/contract/communities";

export type CommunityCard = {
  id: string;
  name: string;
  description: string;
  imageUrl: string | null;
  categoryKey: string;
  membersCount: number;
  isPaid: boolean;
  price: number;
  currency: string;
  paymentType: "subscription" | "single" | null;
  subscriptionInterval: SubscriptionInterval | null;
  isMember: boolean;
};

/** Each sort is a column plus the id as tie-breaker, so pages never skip or repeat a card. */
const sorts = {
  popular: { column: "c.members_count", dir: "desc" },
  newest: { column: "c.created_at", dir: "desc" },
  oldest: { column: "c.created_at", dir: "asc" },
  price_low: { column: "c.price", dir: "asc" },
  price_high: { column: "c.price", dir: "desc" },
} as const;

type ExploreCursor = { v: number; id: string };

const encode = (c: ExploreCursor) => btoa(JSON.stringify(c)).replace(/=+$/, "");
function decode(value: string): ExploreCursor {
  try {
    const parsed = JSON.parse(atob(value)) as ExploreCursor;
    if (typeof parsed.v !== "number" || typeof parsed.id !== "string") throw new Error("shape");
    return parsed;
  } catch {
    throw new AppError("VALIDATION_FAILED", "Some fields are not valid.", {
      issues: [{ path: "cursor", message: "Invalid cursor" }],
    });
  }
}

type Row = {
  id: string;
  name: string;
  description: string;
  image_urls: string;
  category_key: string;
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
export function exploreStatement(query: ExploreQuery, viewer: ExploreViewer): { sql: string; params: unknown[] } {
  const sort = sorts[query.sort];
  const where: string[] = ["c.review_status = 'approved'", "c.archived = 0"];
  const params: unknown[] = viewer && "token" in viewer ? [viewer.token, Date.now()] : [viewer?.id ?? ""];
  if (query.category) {
    where.push("c.category_key = ?");
    params.push(query.category);
  }
  if (query.price === "free") where.push("c.is_paid = 0");
  if (query.price === "paid") {
    where.push("c.is_paid = 1");
    if (query.minPrice !== undefined) {
      where.push("c.price >= ?");
      params.push(Math.round(query.minPrice * 100));
    }
    if (query.maxPrice !== undefined) {
      where.push("c.price <= ?");
      params.push(Math.round(query.maxPrice * 100));
    }
  }
  if (query.paymentType !== "all") {
    where.push("c.payment_type = ?");
    params.push(query.paymentType);
  }
  if (query.minMembers !== undefined) {
    where.push("c.members_count >= ?");
    params.push(query.minMembers);
  }
  if (query.q) {
    where.push(`(${containsSql("c.name")} or ${containsSql("c.description")})`);
    params.push(...containsParams(query.q), ...containsParams(query.q));
  }
  if (query.cursor) {
    const cursor = decode(query.cursor);
    const op = sort.dir === "desc" ? "<" : ">";
    where.push(`(${sort.column} ${op} ? or (${sort.column} = ? and c.id ${op} ?))`);
    params.push(cursor.v, cursor.v, cursor.id);
  }
  params.push(query.limit + 1);
  const sql = `select c.id, c.name, c.description, c.image_urls, c.category_key, c.members_count, c.created_at, c.is_paid,
      c.price, c.currency, c.payment_type, c.subscription_interval,
      exists (select 1 from community_members m where m.community_id = c.id and m.profile_id = ${
        viewer && "token" in viewer ? "(select s.user_id from sessions s where s.token = ? and s.expires_at > ?)" : "?"
      }) as is_member
    from communities c
    where ${where.join(" and ")}
    order by ${sort.column} ${sort.dir}, c.id ${sort.dir}
    limit ?`;
  return { sql, params };
}

/** One page of listed communities: one statement whatever the page size. */
export async function exploreCommunities(d1: D1Database, query: ExploreQuery, viewer: ExploreViewer) {
  const { sql, params } = exploreStatement(query, viewer);
  const { results } = await d1
    .prepare(sql)
    .bind(...params)
    .all<Row>();
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
    nextCursor: results.length > query.limit && last ? encode({ v: sortValue(last), id: last.id }) : null,
  };
}
