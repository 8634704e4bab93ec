import { sql, type SQL } from "drizzle-orm";
import { intervalMonths, type PlanId, type SubscriptionInterval } from "../../../common/catalog";
import { planColumns } from "../../lib/community-plan";
import type { Db, Statement } from "../../lib/db";
import type { OrderRow } from "./orders";

/**
 * What an order's status change does to access, as statements for the settle batch. Every statement
 * is gated on `mine`: true only in the batch that made the change (see payment_orders.transition_id).
 */

export function addMonths(at: number, months: number): number {
  const d = new Date(at);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}

export const periodEnd = (start: number, interval: SubscriptionInterval) => addMonths(start, intervalMonths[interval]);

/** The user can already read the community: a role above member, a one-time payment, or a period not over. */
const hasAccess = (communityId: string, userId: string, now: number) =>
  sql`exists (select 1 from community_members where community_id = ${communityId} and profile_id = ${userId}
      and (role != 'member' or access_until is null or access_until > ${now}))`;

/** A new member fits the plan's limit (a returning member's row is counted already). */
const fits = (communityId: string, userId: string) =>
  sql`(json_extract((select plan_limits from communities where id = ${communityId}), '$.maxMembers') is null
       or exists (select 1 from community_members where community_id = ${communityId} and profile_id = ${userId})
       or (select count(*) from community_members where community_id = ${communityId})
          < json_extract((select plan_limits from communities where id = ${communityId}), '$.maxMembers'))`;

export type Community = { paymentType: "subscription" | "single" | null; interval: SubscriptionInterval | null };

/** Membership for an approved join; the last statement reads whether it was granted. */
export function grantJoin(db: Db, order: OrderRow, community: Community, mine: SQL, now: number) {
  const communityId = order.community_id!;
  const userId = order.user_id!;
  const gate = sql`${mine} and not ${hasAccess(communityId, userId, now)} and ${fits(communityId, userId)}`;
  const subscribing = community.paymentType === "subscription" && order.subscription_id !== null;
  const interval = community.interval ?? "monthly";
  const until = subscribing ? periodEnd(now, interval) : null;
  const statements: Statement[] = [];
  if (subscribing) {
    statements.push(
      db.run(sql`insert into user_subscriptions (id, user_id, community_id, subscription_type, status, amount, currency, interval,
                   payment_method_id, last_order_id, current_period_start, current_period_end, created_at, updated_at)
                 select ${order.subscription_id}, ${userId}, ${communityId}, 'community', 'active', ${order.amount}, ${order.currency},
                   ${interval}, (select payment_method_id from payment_orders where id = ${order.id}), ${order.id}, ${now}, ${until},
                   ${now}, ${now}
                 where ${gate}
                 on conflict (id) do nothing`),
    );
  }
  const member = db.run(
    sql`insert into community_members (community_id, profile_id, role, joined_at, access_until, subscription_id)
        select ${communityId}, ${userId}, 'member', ${now}, ${until}, ${subscribing ? order.subscription_id : null}
        where ${gate}
        on conflict (community_id, profile_id) do update set
          joined_at = excluded.joined_at, access_until = excluded.access_until, subscription_id = excluded.subscription_id`,
  );
  const granted = db.get<{ n: number }>(sql`select changes() as n`);
  const count = db.run(
    sql`update communities set members_count = (select count(*) from community_members where community_id = ${communityId})
        where id = ${communityId} and ${mine}`,
  );
  return { statements: [...statements, member, granted, count], granted };
}

/** A refund or reversal ends what the order paid for. */
export function endAccess(db: Db, order: OrderRow, mine: SQL, now: number): Statement[] {
  if (!order.community_id || !order.user_id) return [];
  const statements: Statement[] = [];
  if (order.kind === "creator_plan" && order.subscription_id) statements.push(backToFree(db, order.subscription_id, now, mine));
  if (order.subscription_id) {
    statements.push(
      db.run(sql`update user_subscriptions set status = 'expired', current_period_end = min(current_period_end, ${now}),
                   updated_at = ${now}
                 where id = ${order.subscription_id} and ${mine}`),
    );
  }
  if (order.kind === "join_community" || order.kind === "renewal") {
    const same = order.subscription_id ? sql`subscription_id = ${order.subscription_id}` : sql`subscription_id is null`;
    statements.push(
      db.run(sql`update community_members set access_until = ${now}
                 where community_id = ${order.community_id} and profile_id = ${order.user_id} and role = 'member' and ${same}
                   and ${mine}`),
    );
  }
  return statements;
}

/** A paid renewal moves the subscription (and the member's access) one period on, from where it ended. */
export function grantRenewal(db: Db, order: OrderRow, mine: SQL, now: number): Statement[] {
  if (!order.subscription_id || order.period_start === null) return [];
  const start = order.period_start;
  return [
    db.run(sql`update user_subscriptions set
                 current_period_start = ${start},
                 current_period_end = case interval
                   when 'quarterly' then ${addMonths(start, 3)} when 'semi_annually' then ${addMonths(start, 6)}
                   when 'yearly' then ${addMonths(start, 12)} else ${addMonths(start, 1)} end,
                 renewal_failures = 0, retry_at = null, last_order_id = ${order.id}, updated_at = ${now}
               where id = ${order.subscription_id} and current_period_end = ${start} and ${mine}`),
    db.run(sql`update community_members set access_until = (select current_period_end from user_subscriptions where id = ${order.subscription_id})
               where subscription_id = ${order.subscription_id} and ${mine}`),
  ];
}

/** A paid creator plan: the community takes the plan, a monthly subscription starts, an older plan ends. */
export function grantPlan(db: Db, order: OrderRow, mine: SQL, now: number): Statement[] {
  if (!order.plan || !order.community_id || !order.subscription_id || order.plan === "free") return [];
  const plan = order.plan as PlanId;
  return [
    db.run(sql`update user_subscriptions set status = 'expired', current_period_end = min(current_period_end, ${now}), updated_at = ${now}
               where community_id = ${order.community_id} and subscription_type = 'creator_plan' and status != 'expired'
                 and id != ${order.subscription_id} and ${mine}`),
    db.run(sql`insert into user_subscriptions (id, user_id, community_id, subscription_type, status, amount, currency, interval,
                 payment_method_id, last_order_id, current_period_start, current_period_end, created_at, updated_at)
               select ${order.subscription_id}, ${order.user_id}, ${order.community_id}, 'creator_plan', 'active', ${order.amount},
                 ${order.currency}, 'monthly', (select payment_method_id from payment_orders where id = ${order.id}), ${order.id},
                 ${now}, ${addMonths(now, 1)}, ${now}, ${now}
               where ${mine}
               on conflict (id) do nothing`),
    db.run(sql`update communities set ${planColumns(plan)}, updated_at = ${now} where id = ${order.community_id} and ${mine}`),
  ];
}

/** A creator plan that ends (refunded, cancelled to its end, or unpaid) puts its community back on Free. */
export const backToFree = (db: Db, subscriptionId: SQL | string, now: number, guard: SQL = sql`1`) =>
  db.run(sql`update communities set ${planColumns("free")}, updated_at = ${now}
             where id = (select community_id from user_subscriptions where id = ${subscriptionId} and subscription_type = 'creator_plan')
               and subscription_plan != 'free' and ${guard}`);
