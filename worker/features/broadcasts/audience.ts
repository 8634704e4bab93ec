import { sql, type SQL } from "drizzle-orm";
import type { BroadcastSegment } from "../../../common/contract/broadcasts";
import { levelThresholds } from "../../../common/levels";
import { communityMemberDays, communityMembers, paymentOrders, userPoints } from "../../lib/tables";

const DAY_MS = 86_400_000;
/** Quiet members: no activity on any of these last days, as the metrics' monthly active count looks back. */
export const INACTIVE_DAYS = 30;

const cm = communityMembers;

/** A paying member: a running subscription, or an approved one-time payment to join. */
const paid = sql`(${cm.subscriptionId} is not null or exists (select 1 from ${paymentOrders}
  where ${paymentOrders.communityId} = ${cm.communityId} and ${paymentOrders.userId} = ${cm.profileId}
    and ${paymentOrders.kind} = 'join_community' and ${paymentOrders.status} = 'approved'))`;

/**
 * The condition a `community_members` row meets to be in a segment. The sender, a member too, gets
 * their copy like everyone, so they see what the members got.
 * Activity is the metrics' own: a member is active on a day they have a `community_member_days` row.
 */
export function inSegment(segment: BroadcastSegment, level: number | null, now: number): SQL {
  {
    switch (segment) {
      case "all":
        return sql`1 = 1`;
      case "paid":
        return paid;
      case "free":
        return sql`not ${paid}`;
      case "level": {
        const minPoints = levelThresholds[(level ?? 1) - 1] ?? 0;
        if (minPoints <= 0) return sql`1 = 1`;
        return sql`exists (select 1 from ${userPoints} where ${userPoints.userId} = ${cm.profileId}
          and ${userPoints.communityId} = ${cm.communityId} and ${userPoints.points} >= ${minPoints})`;
      }
      case "inactive": {
        const firstDay = Math.floor(now / DAY_MS) - INACTIVE_DAYS + 1;
        return sql`not exists (select 1 from ${communityMemberDays} where ${communityMemberDays.communityId} = ${cm.communityId}
          and ${communityMemberDays.userId} = ${cm.profileId} and ${communityMemberDays.day} >= ${firstDay})`;
      }
    }
  }
}

/** How many members of a community a segment reaches, as a scalar subquery. */
export const audienceCount = (communityId: string, where: SQL) =>
  sql<number>`(select count(*) from ${cm} where ${cm.communityId} = ${communityId} and ${where})`.mapWith(Number);
