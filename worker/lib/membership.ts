import { and, eq, inArray, isNotNull, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { BanContentPolicy, MemberRole } from "../../common/contract/enums";
import type { NotificationData } from "../../common/notifications";
import type { Step } from "./commit";
import { notify, notifyMany, reverse, revoke } from "./commit";
import type { Db } from "./db";
import { AppError } from "./errors";
import { deliver } from "./notification-delivery";
import { notificationsWhere } from "./notification-rows";
import { roleRank, type CommunityRole } from "./permissions";
import { reversedEvent as pe } from "./points";
import { bare, bareList } from "./sql-names";
import {
  communities,
  communityBans,
  communityMembers,
  communityTopics,
  notifications,
  postComments,
  posts,
  userSubscriptions,
} from "./tables";

/**
 * The membership lifecycle (DESIGN.md section 4). A person's standing in a community is one of:
 *
 * - requested: asked to join a private community, awaiting approval (no access);
 * - active: a member (free, one-time paid, or a subscription in its period);
 * - grace: a renewal was declined and is being retried; access is kept until the grace period ends;
 * - cancelled-to-period-end: a cancelled subscription whose paid period runs on; access until it ends;
 * - lapsed: paid access ended (period over, renewal failed for good, refunded);
 * - removed: taken out by the community (may join again);
 * - banned: taken out and kept out until unbanned;
 * - left: went of their own accord.
 *
 * Only active, grace and cancelled-to-period-end give access; `hasMemberAccess` (permissions.ts) reads
 * them from the membership row (its `access_until`). Every transition that ends access goes through a
 * write built here or in the payments' grants, and carries the `revoke` effect, so the API, the sockets
 * the person had open, billing (renewals read the subscription this ends) and notifications follow it
 * in the same commit.
 */
export const membershipStates = [
  "requested",
  "active",
  "grace",
  "cancelled_to_period_end",
  "lapsed",
  "removed",
  "banned",
  "left",
] as const;
export type MembershipState = (typeof membershipStates)[number];

/** How a membership ended at someone's hand: the community's (removed, banned) or the member's own (left). */
export type Ending = "removed" | "banned" | "left";

/** The one answer to a banned person's every way in. */
export const bannedFrom = () => new AppError("FORBIDDEN", "You were banned from this community and cannot join it.");

/** An SQL condition: the person is not banned from the community (every way in checks it inside its insert). */
/**
 * Content that is not hidden by its author's ban (the one banning chose "hide"): every list and page of
 * posts and comments leaves it out until the ban is lifted, when it is back as it was.
 */
export const notHiddenByBan = (communityId: SQLWrapper | string, authorId: SQLWrapper | string) =>
  sql`not exists (select 1 from ${communityBans} where ${communityBans.communityId} = ${communityId}
    and ${communityBans.userId} = ${authorId} and ${communityBans.content} = 'hide')`;

export const notBanned = (communityId: string | SQL, userId: string | SQL) =>
  sql`not exists (select 1 from ${communityBans} where ${communityBans.communityId} = ${communityId}
    and ${communityBans.userId} = ${userId})`;

/**
 * Who may remove or ban whom (DESIGN.md section 4): the owner anyone but themselves; admins moderators
 * and members; moderators members only. Nobody removes the owner, and nobody removes themselves (they leave).
 */
export function mayRemove(actor: CommunityRole | null, target: CommunityRole): boolean {
  if (actor === null || target === "owner") return false;
  if (actor === "owner") return true;
  if (actor === "member") return false;
  if (actor === "moderator") return target === "member";
  return roleRank[target] < roleRank.admin;
}

/** A member's membership ending; `role` is the role read with it, so a role changed meanwhile ends nothing. */
export type MembershipEnd = {
  communityId: string;
  userId: string;
  role: MemberRole;
  ending: Ending;
  /** Who ended it (null when the member left). */
  by: string | null;
  reason?: string | null;
  /** For a ban: what happens to their posts and comments. */
  content?: BanContentPolicy;
  now: number;
};

const member = (communityId: string, userId: string) =>
  and(eq(communityMembers.communityId, communityId), eq(communityMembers.profileId, userId));

/**
 * The steps that end a membership, in one batch: the ban (if one), the membership, the members count,
 * the subscription (ended at once: no renewal charges what can no longer be used), the content a ban
 * deletes with what it earned, the member's notification with the reason, and the revocation of their
 * sockets. Whether it ended is `ended` (read after the batch's delete).
 */
export function endMembership(db: Db, end: MembershipEnd): { steps: Step[]; ended: SQL } {
  const { communityId, userId, now } = end;
  const ended = sql`not exists (select 1 from ${communityMembers} where ${member(communityId, userId)})`;
  // The write only counts when the membership it read is still there, with the role it read.
  const present = sql`exists (select 1 from ${communityMembers} where ${member(communityId, userId)}
    and ${communityMembers.role} = ${end.role})`;
  const steps: Step[] = [];
  if (end.ending === "banned") {
    steps.push(
      db.run(
        sql`insert into ${communityBans} (${bareList(
          communityBans.communityId,
          communityBans.userId,
          communityBans.bannedBy,
          communityBans.reason,
          communityBans.content,
          communityBans.createdAt,
        )})
          select ${communityId}, ${userId}, ${end.by}, ${end.reason ?? null}, ${end.content ?? "keep"}, ${now}
          where ${present}
          on conflict do nothing`,
      ),
    );
    if (end.content === "delete") steps.push(...deleteContent(db, communityId, userId, present));
  }
  steps.push(
    // Ends only a subscription this membership runs on; a creator's plan for the community is not a membership.
    db
      .update(userSubscriptions)
      .set({
        status: "expired",
        cancelledAt: sql`coalesce(${userSubscriptions.cancelledAt}, ${now})`,
        currentPeriodEnd: sql`min(${userSubscriptions.currentPeriodEnd}, ${now})`,
        retryAt: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(userSubscriptions.communityId, communityId),
          eq(userSubscriptions.userId, userId),
          eq(userSubscriptions.subscriptionType, "community"),
          inArray(userSubscriptions.status, ["active", "cancelled"]),
          present,
        ),
      ),
    db.delete(communityMembers).where(and(member(communityId, userId), eq(communityMembers.role, end.role))),
    // A template, not the builder: a recount leaves the community's updated_at alone.
    db.run(
      sql`update ${communities} set ${bare(communities.membersCount)} = (select count(*) from ${communityMembers}
          where ${communityMembers.communityId} = ${communityId}) where ${communities.id} = ${communityId}`,
    ),
  );
  if (end.ending !== "left") {
    steps.push(
      notify({
        recipientId: userId,
        senderId: null,
        communityId,
        type: "SYSTEM_ANNOUNCEMENT",
        data: { kind: "membership", membership: end.ending, ...(end.reason ? { reason: end.reason } : {}) },
        onlyIf: ended,
      }),
    );
  }
  steps.push(revoke(communityId, [userId], { onlyIf: ended }));
  return { steps, ended };
}

/**
 * A banned person's posts and comments in the community go, with everything they earned anyone (as a
 * deleted post or comment takes back): their posts with the comments under them, their comments with
 * the replies to them; then every count they were in is counted again.
 */
function deleteContent(db: Db, communityId: string, userId: string, present: SQL): Step[] {
  const inCommunity = sql`(select ${posts.id} from ${posts} where ${posts.communityId} = ${communityId})`;
  const theirPosts = sql`(select ${posts.id} from ${posts} where ${posts.communityId} = ${communityId} and ${posts.authorId} = ${userId})`;
  const theirComments = sql`(select ${postComments.id} from ${postComments}
    where ${postComments.authorId} = ${userId} and ${postComments.postId} in ${inCommunity})`;
  const gone = sql`(select ${postComments.id} from ${postComments}
    where ${postComments.postId} in ${theirPosts} or ${postComments.id} in ${theirComments}
      or ${postComments.parentCommentId} in ${theirComments})`;
  const sources = sql`(${pe.sourceKind} = 'post' and ${pe.sourceId} in ${theirPosts})
    or (${pe.sourceKind} = 'post_like' and substr(${pe.sourceId}, 1, instr(${pe.sourceId}, ':') - 1) in ${theirPosts})
    or (${pe.sourceKind} = 'comment' and ${pe.sourceId} in ${gone})
    or (${pe.sourceKind} = 'comment_like' and substr(${pe.sourceId}, 1, instr(${pe.sourceId}, ':') - 1) in ${gone})`;
  return [
    reverse(communityId, sql`(${sources}) and ${present}`),
    // Before the comments go: only the posts that lose some are touched, each by what it loses (a
    // template, not the builder: a count leaves updated_at alone).
    db.run(
      sql`update ${posts} set ${bare(posts.commentsCount)} = max(0, ${posts.commentsCount}
            - (select count(*) from ${postComments} where ${postComments.postId} = ${posts.id} and ${postComments.id} in ${gone}))
          where ${posts.id} in (select ${postComments.postId} from ${postComments} where ${postComments.id} in ${gone}) and ${present}`,
    ),
    db.run(sql`delete from ${postComments} where ${postComments.id} in ${theirComments} and ${present}`),
    db.run(sql`delete from ${posts} where ${posts.id} in ${theirPosts} and ${present}`),
    // Templates, not the builder: recounts leave updated_at alone.
    db.run(
      sql`update ${communityTopics} set ${bare(communityTopics.postsCount)} = (select count(*) from ${posts} where ${posts.topicId} = ${communityTopics.id})
          where ${communityTopics.communityId} = ${communityId}`,
    ),
    db.run(
      sql`update ${communities} set ${bare(communities.postsCount)} = (select count(*) from ${posts} where ${posts.communityId} = ${communityId})
          where ${communities.id} = ${communityId}`,
    ),
  ];
}

/*
 * The community's own transitions (DESIGN.md section 4): suspended and restored by staff, archived by its
 * owner, switched from paid to free. Each acts on every membership at once, set-based, in the batch that
 * changes the community.
 */

const subs = userSubscriptions;

/** A community's running memberships by period: renewing (active) or running out (cancelled-to-period-end). */
const runningSubscriptions = (communityId: string) =>
  and(eq(subs.communityId, communityId), eq(subs.subscriptionType, "community"), inArray(subs.status, ["active", "cancelled"]));

/**
 * Staff suspended the community: access pauses for everyone but the owner. The API follows the status
 * (`hasMemberAccess` needs approved); the sockets close here. `applied` says the batch's status change
 * really happened (a second suspend, or one that lost a race, closes nothing).
 */
export const suspensionSteps = (communityId: string, ownerId: string | null, applied: SQL): Step[] => [
  revoke(communityId, null, { keep: ownerId ? [ownerId] : [], onlyIf: applied }),
];

/**
 * Staff restored a community suspended since `suspendedAt`: every running subscription's period (and
 * its pending retry) and its member's access move on by the pause, so nobody pays for time they could
 * not use. They go before the batch's status change and hold only while the community is still
 * suspended since `suspendedAt`: a second restore, or one racing this one, moves nothing.
 */
export function restoreSteps(db: Db, communityId: string, suspendedAt: number, now: number): Step[] {
  const pause = now - suspendedAt;
  if (pause <= 0) return [];
  // The restore that wins clears suspended_at (and a new suspension sets another).
  const stillSuspended = sql`exists (select 1 from ${communities} where ${communities.id} = ${communityId}
    and ${communities.suspendedAt} = ${suspendedAt})`;
  return [
    // Members first, found through the subscriptions they run on (which the next statement keeps running).
    // A one-time payment (null) has no end to move; a membership whose subscription ended (a refund,
    // a removal during the pause) keeps the end it was given.
    db
      .update(communityMembers)
      .set({ accessUntil: sql`${communityMembers.accessUntil} + ${pause}` })
      .where(
        and(
          eq(communityMembers.communityId, communityId),
          isNotNull(communityMembers.accessUntil),
          inArray(
            communityMembers.subscriptionId,
            db.select({ id: subs.id }).from(subs).where(runningSubscriptions(communityId)),
          ),
          stillSuspended,
        ),
      ),
    db
      .update(subs)
      .set({
        currentPeriodEnd: sql`${subs.currentPeriodEnd} + ${pause}`,
        retryAt: sql`${subs.retryAt} + ${pause}`,
        updatedAt: now,
      })
      .where(and(runningSubscriptions(communityId), stillSuspended)),
  ];
}

/**
 * The owner archived the community: billing stops. Every renewing subscription is cancelled, so it runs
 * to the end of the period already paid and is never renewed; its member keeps read access until then.
 * Unarchiving does not take them up again: charging people again is each member's choice, through the
 * resubscribe route while the period runs, or by joining again after.
 *
 * The subscribers are not told by a notification: none says "cancelled, runs to the end of the period"
 * (their subscriptions page shows it), and "subscription ended" would be untrue while the period runs.
 */
export const archiveSteps = (db: Db, communityId: string, now: number): Step[] => [
  db
    .update(subs)
    .set({ status: "cancelled", cancelledAt: now, retryAt: null, updatedAt: now })
    .where(and(eq(subs.communityId, communityId), eq(subs.subscriptionType, "community"), eq(subs.status, "active"))),
];

const subscriptionEnded: NotificationData = { kind: "payment", payment: "subscription_ended" };

/**
 * The owner made a paid community free: every running subscription ends at once (nothing more is
 * charged) and its members become free members, keeping their access; each subscriber is told their
 * subscription ended. Goes before the community's own update in the batch.
 */
export function goFreeSteps(db: Db, communityId: string, now: number): Step[] {
  const n = notifications;
  return [
    // Read before the subscriptions end below: one per subscriber.
    notifyMany(
      deliver(db, {
        now,
        columns: {
          recipient_id: sql`${subs.userId}`,
          sender_id: null,
          community_id: communityId,
          type: "SYSTEM_ANNOUNCEMENT",
          data: JSON.stringify(subscriptionEnded),
        },
        from: sql`from ${subs} where ${runningSubscriptions(communityId)}`,
      }),
      notificationsWhere(
        db,
        and(
          eq(n.type, "SYSTEM_ANNOUNCEMENT"),
          eq(n.communityId, communityId),
          eq(n.createdAt, now),
          eq(n.data, subscriptionEnded),
        ),
      ),
    ),
    // No refund: DESIGN.md section 4 asks for the unused part pro rata, but the member keeps the access
    // they paid for (and more: it no longer ends), so nothing they paid for is taken from them. Giving
    // money back is then the creator's choice, per payment, not a side effect of a price change.
    db
      .update(subs)
      .set({
        status: "expired",
        cancelledAt: sql`coalesce(${subs.cancelledAt}, ${now})`,
        currentPeriodEnd: sql`min(${subs.currentPeriodEnd}, ${now})`,
        retryAt: null,
        updatedAt: now,
      })
      .where(runningSubscriptions(communityId)),
    // Free members, as if they had joined free: no end to their access, and no subscription whose late
    // renewal or refund would still move it (were the community ever paid again, they would lapse).
    db
      .update(communityMembers)
      .set({ accessUntil: null, subscriptionId: null })
      .where(
        and(
          eq(communityMembers.communityId, communityId),
          or(isNotNull(communityMembers.accessUntil), isNotNull(communityMembers.subscriptionId)),
        ),
      ),
  ];
}
