import { and, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import { intervalMonths, type PlanId, type SubscriptionInterval } from "../../../common/catalog";
import { notify, type Step } from "../../lib/commit";
import { planColumns, planIncludes } from "../../lib/community-plan";
import { notBanned } from "../../lib/membership";
import type { Db, Statement } from "../../lib/db";
import { bare, bareList, excluded } from "../../lib/sql-names";
import { communities, communityMembers, paymentOrders, userSubscriptions } from "../../lib/tables";
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
  sql`exists (select 1 from ${communityMembers} where ${communityMembers.communityId} = ${communityId}
      and ${communityMembers.profileId} = ${userId}
      and (${communityMembers.role} != 'member' or ${communityMembers.accessUntil} is null or ${communityMembers.accessUntil} > ${now}))`;

/** A new member fits the plan's limit (a returning member's row is counted already). */
const fits = (communityId: string, userId: string) => {
  const maxMembers = sql`json_extract((select ${communities.planLimits} from ${communities} where ${communities.id} = ${communityId}), '$.maxMembers')`;
  return sql`(${maxMembers} is null
       or exists (select 1 from ${communityMembers} where ${communityMembers.communityId} = ${communityId} and ${communityMembers.profileId} = ${userId})
       or (select count(*) from ${communityMembers} where ${communityMembers.communityId} = ${communityId}) < ${maxMembers})`;
};

/** The community still takes members: archived, it is read-only and its billing has stopped (archiveSteps). */
const notArchived = (communityId: string) =>
  sql`exists (select 1 from ${communities} where ${communities.id} = ${communityId} and ${communities.archived} = 0)`;

/** The columns a new subscription's row is written with, in the order of the values `grantJoin` and `grantPlan` select. */
const subscriptionColumns = bareList(
  userSubscriptions.id,
  userSubscriptions.userId,
  userSubscriptions.communityId,
  userSubscriptions.subscriptionType,
  userSubscriptions.status,
  userSubscriptions.amount,
  userSubscriptions.currency,
  userSubscriptions.interval,
  userSubscriptions.paymentMethodId,
  userSubscriptions.lastOrderId,
  userSubscriptions.currentPeriodStart,
  userSubscriptions.currentPeriodEnd,
  userSubscriptions.cancelledAt,
  userSubscriptions.createdAt,
  userSubscriptions.updatedAt,
);

/** The card the order was paid with, for the subscription it starts. */
const orderPaymentMethod = (orderId: string) =>
  sql`(select ${paymentOrders.paymentMethodId} from ${paymentOrders} where ${paymentOrders.id} = ${orderId})`;

/**
 * A subscription renews by charging the card it was paid with. Paid with a card the payer chose not to
 * save, there is none: the subscription starts cancelled (it ends with the period paid for, as if
 * cancelled at once) instead of failing its renewal later; resubscribing attaches a saved card.
 */
const startStatus = (orderId: string) => sql`case when ${orderPaymentMethod(orderId)} is null then 'cancelled' else 'active' end`;
/** The cancelled_at that goes with startStatus. */
const startCancelledAt = (orderId: string, now: number) =>
  sql`case when ${orderPaymentMethod(orderId)} is null then ${now} else null end`;

export type Community = {
  paymentType: "subscription" | "single" | null;
  interval: SubscriptionInterval | null;
  creatorId: string | null;
};

/**
 * Membership for an approved join, and the owner's COMMUNITY_JOIN when it went in; `granted` reads
 * whether it was granted.
 */
export function grantJoin(db: Db, order: OrderRow, community: Community, mine: SQL, now: number) {
  const communityId = order.community_id!;
  const userId = order.user_id!;
  // Banned after paying, or the community archived or its plan lost paid memberships meanwhile: not let
  // in, so the settle gives the money back.
  const gate = sql`${mine} and not ${hasAccess(communityId, userId, now)} and ${fits(communityId, userId)} and ${notBanned(communityId, userId)}
    and ${notArchived(communityId)} and ${planIncludes(communityId, "paidMemberships")}`;
  const subscribing = community.paymentType === "subscription" && order.subscription_id !== null;
  const interval = community.interval ?? "monthly";
  const until = subscribing ? periodEnd(now, interval) : null;
  const statements: Statement[] = [];
  if (subscribing) {
    statements.push(
      db.run(sql`insert into ${userSubscriptions} (${subscriptionColumns})
                 select ${order.subscription_id}, ${userId}, ${communityId}, 'community', ${startStatus(order.id)}, ${order.amount},
                   ${order.currency}, ${interval}, ${orderPaymentMethod(order.id)}, ${order.id}, ${now}, ${until},
                   ${startCancelledAt(order.id, now)}, ${now}, ${now}
                 where ${gate}
                 on conflict (${bare(userSubscriptions.id)}) do nothing`),
    );
  }
  const member = db.run(
    sql`insert into ${communityMembers} (${bareList(
      communityMembers.communityId,
      communityMembers.profileId,
      communityMembers.role,
      communityMembers.joinedAt,
      communityMembers.accessUntil,
      communityMembers.subscriptionId,
    )})
        select ${communityId}, ${userId}, 'member', ${now}, ${until}, ${subscribing ? order.subscription_id : null}
        where ${gate}
        on conflict (${bareList(communityMembers.communityId, communityMembers.profileId)}) do update set
          ${bare(communityMembers.joinedAt)} = ${excluded(communityMembers.joinedAt)},
          ${bare(communityMembers.accessUntil)} = ${excluded(communityMembers.accessUntil)},
          ${bare(communityMembers.subscriptionId)} = ${excluded(communityMembers.subscriptionId)}`,
  );
  const granted = db.get<{ n: number }>(sql`select changes() as n`);
  // True only in the batch that moved the order (`mine`: never for a replay) and only when the membership
  // went in: its joined_at is this settle's `now` and its subscription this order's.
  const joined = sql`${mine} and exists (select 1 from ${communityMembers} where ${communityMembers.communityId} = ${communityId}
      and ${communityMembers.profileId} = ${userId} and ${communityMembers.joinedAt} = ${now}
      and ${communityMembers.subscriptionId} is ${subscribing ? order.subscription_id : null})`;
  // A template, not a builder update: a recount leaves the community's updated_at alone.
  const count = db.run(
    sql`update ${communities}
        set ${bare(communities.membersCount)} = (select count(*) from ${communityMembers} where ${communityMembers.communityId} = ${communityId})
        where ${communities.id} = ${communityId} and ${mine}`,
  );
  const steps: Step[] = [...statements, member, granted, count];
  // Nobody is told of their own action: notify writes nothing for the owner's own payment.
  if (community.creatorId)
    steps.push(
      notify({ recipientId: community.creatorId, senderId: userId, communityId, type: "COMMUNITY_JOIN", onlyIf: joined }),
    );
  return { steps, granted };
}

/** A subscription's period end when it ends at `now`: a period already over keeps its own end. */
const endedBy = (now: number) => sql<number>`min(${userSubscriptions.currentPeriodEnd}, ${now})`;

/** A refund or reversal ends what the order paid for. */
export function endAccess(db: Db, order: OrderRow, mine: SQL, now: number): Statement[] {
  if (!order.community_id || !order.user_id) return [];
  const statements: Statement[] = [];
  if (order.kind === "creator_plan" && order.subscription_id) statements.push(backToFree(db, order.subscription_id, now, mine));
  if (order.subscription_id) {
    statements.push(
      db
        .update(userSubscriptions)
        .set({ status: "expired", currentPeriodEnd: endedBy(now), updatedAt: now })
        .where(and(eq(userSubscriptions.id, order.subscription_id), mine)),
    );
  }
  if (order.kind === "join_community" || order.kind === "renewal") {
    const same = order.subscription_id
      ? eq(communityMembers.subscriptionId, order.subscription_id)
      : isNull(communityMembers.subscriptionId);
    statements.push(
      db
        .update(communityMembers)
        .set({ accessUntil: now })
        .where(
          and(
            eq(communityMembers.communityId, order.community_id),
            eq(communityMembers.profileId, order.user_id),
            eq(communityMembers.role, "member"),
            same,
            mine,
          ),
        ),
    );
  }
  return statements;
}

/** A paid renewal moves the subscription (and the member's access) one period on, from where it ended. */
export function grantRenewal(db: Db, order: OrderRow, mine: SQL, now: number): Statement[] {
  if (!order.subscription_id || order.period_start === null) return [];
  const start = order.period_start;
  return [
    db
      .update(userSubscriptions)
      .set({
        currentPeriodStart: start,
        currentPeriodEnd: sql`case ${userSubscriptions.interval}
          when 'quarterly' then ${addMonths(start, 3)} when 'semi_annually' then ${addMonths(start, 6)}
          when 'yearly' then ${addMonths(start, 12)} else ${addMonths(start, 1)} end`,
        renewalFailures: 0,
        retryAt: null,
        lastOrderId: order.id,
        updatedAt: now,
      })
      .where(and(eq(userSubscriptions.id, order.subscription_id), eq(userSubscriptions.currentPeriodEnd, start), mine)),
    db
      .update(communityMembers)
      .set({
        accessUntil: sql`(select ${userSubscriptions.currentPeriodEnd} from ${userSubscriptions}
          where ${userSubscriptions.id} = ${order.subscription_id})`,
      })
      .where(and(eq(communityMembers.subscriptionId, order.subscription_id), mine)),
  ];
}

/**
 * A paid creator plan: the community takes the plan, a monthly subscription starts, an older plan ends.
 * A community already on the plan (bought by another order meanwhile) gets nothing: `granted` reads
 * whether it was granted, and settleOrder gives the money back when it was not.
 */
export function grantPlan(db: Db, order: OrderRow, mine: SQL, now: number) {
  if (!order.plan || !order.community_id || !order.subscription_id || order.plan === "free")
    return { statements: [], granted: null };
  const plan = order.plan as PlanId;
  // Read before the community's update below, which alone changes its plan.
  const gate = sql`${mine} and not exists (select 1 from ${communities}
      where ${communities.id} = ${order.community_id} and ${communities.subscriptionPlan} = ${plan})`;
  const statements: Statement[] = [
    db
      .update(userSubscriptions)
      .set({ status: "expired", currentPeriodEnd: endedBy(now), updatedAt: now })
      .where(
        and(
          eq(userSubscriptions.communityId, order.community_id),
          eq(userSubscriptions.subscriptionType, "creator_plan"),
          ne(userSubscriptions.status, "expired"),
          ne(userSubscriptions.id, order.subscription_id),
          gate,
        ),
      ),
    db.run(sql`insert into ${userSubscriptions} (${subscriptionColumns})
               select ${order.subscription_id}, ${order.user_id}, ${order.community_id}, 'creator_plan', ${startStatus(order.id)},
                 ${order.amount}, ${order.currency}, 'monthly', ${orderPaymentMethod(order.id)}, ${order.id},
                 ${now}, ${addMonths(now, 1)}, ${startCancelledAt(order.id, now)}, ${now}, ${now}
               where ${gate}
               on conflict (${bare(userSubscriptions.id)}) do nothing`),
    db.run(
      sql`update ${communities} set ${planColumns(plan)}, ${bare(communities.updatedAt)} = ${now}
          where ${communities.id} = ${order.community_id} and ${gate}`,
    ),
  ];
  const granted = db.get<{ n: number }>(sql`select changes() as n`);
  return { statements: [...statements, granted], granted };
}

/** A creator plan that ends (refunded, cancelled to its end, or unpaid) puts its community back on Free. */
export const backToFree = (db: Db, subscriptionId: SQL | string, now: number, guard: SQL = sql`1`) =>
  db.run(sql`update ${communities} set ${planColumns("free")}, ${bare(communities.updatedAt)} = ${now}
             where ${communities.id} = (select ${userSubscriptions.communityId} from ${userSubscriptions}
                 where ${userSubscriptions.id} = ${subscriptionId} and ${userSubscriptions.subscriptionType} = 'creator_plan')
               and ${communities.subscriptionPlan} != 'free' and ${guard}`);
