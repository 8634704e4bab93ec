import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { metricPeriods } from "../../../common/contract/metrics";
import type { Db, Statement } from "../../lib/db";
import {
  classroomCourses,
  commentLikes,
  communityEvents,
  communityMembers,
  communityMemberDays,
  communityMetricDays,
  communityTopContributors,
  conversations,
  courseEnrollments,
  eventAttendees,
  messages,
  paymentOrders,
  postComments,
  postLikes,
  posts,
  userSubscriptions,
  videoProgress,
} from "../../lib/tables";

export const DAY_MS = 86_400_000;
export const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

/** Days a monthly active count looks back over, the day itself included. */
export const ACTIVE_WINDOW_DAYS = 30;

const md = communityMemberDays;
const mt = communityMetricDays;

type ActKind = "post" | "comment" | "like" | "message" | "lesson" | "attendance";

/**
 * Who did what in a community between `from` and `to`: per kind of act, selects of one row per act.
 * Each starts from the community's own rows (its posts, chats, courses, events), so its cost follows
 * the community, not the platform.
 */
function activity(communityId: string, from: number, to: number): [ActKind, SQL][] {
  const inDay = (column: SQLWrapper) => sql`${column} >= ${from} and ${column} < ${to}`;
  return [
    [
      "post",
      sql`select ${posts.authorId} as user_id from ${posts} where ${posts.communityId} = ${communityId} and ${inDay(posts.createdAt)}`,
    ],
    [
      "comment",
      sql`select ${postComments.authorId} as user_id from ${postComments} join ${posts} on ${posts.id} = ${postComments.postId}
        where ${posts.communityId} = ${communityId} and ${inDay(postComments.createdAt)}`,
    ],
    [
      "like",
      sql`select ${postLikes.userId} as user_id from ${postLikes} join ${posts} on ${posts.id} = ${postLikes.postId}
        where ${posts.communityId} = ${communityId} and ${inDay(postLikes.createdAt)}`,
    ],
    [
      "like",
      sql`select ${commentLikes.userId} as user_id from ${commentLikes} join ${postComments} on ${postComments.id} = ${commentLikes.commentId}
        join ${posts} on ${posts.id} = ${postComments.postId} where ${posts.communityId} = ${communityId} and ${inDay(commentLikes.createdAt)}`,
    ],
    [
      "message",
      sql`select ${messages.senderId} as user_id from ${messages} join ${conversations} on ${conversations.id} = ${messages.conversationId}
        where ${conversations.communityId} = ${communityId} and ${inDay(messages.createdAt)}`,
    ],
    [
      "lesson",
      sql`select ${videoProgress.userId} as user_id from ${videoProgress} join ${classroomCourses} on ${classroomCourses.id} = ${videoProgress.courseId}
        where ${classroomCourses.communityId} = ${communityId} and ${inDay(videoProgress.completedAt)}`,
    ],
    [
      "attendance",
      sql`select ${eventAttendees.profileId} as user_id from ${eventAttendees} join ${communityEvents} on ${communityEvents.id} = ${eventAttendees.eventId}
        where ${communityEvents.communityId} = ${communityId} and ${inDay(eventAttendees.createdAt)}`,
    ],
  ];
}

/** Monthly value of a subscription's price, whatever its interval. */
const monthly = sql`case ${userSubscriptions.interval} when 'quarterly' then ${userSubscriptions.amount} / 3.0
  when 'semi_annually' then ${userSubscriptions.amount} / 6.0 when 'yearly' then ${userSubscriptions.amount} / 12.0
  else ${userSubscriptions.amount} end`;

/**
 * The statements that (re)compute one community's day: its members' activity set, then its day row.
 * `current` is the day that is still running: only its run sees the membership as it is now, so only it
 * records the member count and derives the day's leaves from it (a membership row is gone once someone
 * leaves, so leaves are yesterday's count plus today's joins minus today's count). Re-counting the day
 * before picks up its last minutes without touching what its own runs recorded about membership.
 */
export function rollUpDay(db: Db, communityId: string, day: number, now: number, current: boolean): Statement[] {
  const from = day * DAY_MS;
  const to = from + DAY_MS;
  const until = Math.min(to, now);
  const acts = activity(communityId, from, to);
  // D1 caps the terms of a compound select at five: the day's activity set is written in parts of four.
  const parts = [acts.slice(0, 4), acts.slice(4)].map((part) =>
    sql.join(
      part.map(([kind, select]) => sql`select user_id, ${kind} as kind from (${select})`),
      sql` union all `,
    ),
  );
  const countActs = (kind: ActKind) =>
    sql`(${sql.join(
      acts.filter(([k]) => k === kind).map(([, select]) => sql`(select count(*) from (${select}))`),
      sql` + `,
    )})`;
  const joinedBetween = (start: number) =>
    sql`(select count(*) from ${communityMembers} where ${communityMembers.communityId} = ${communityId}
      and ${communityMembers.joinedAt} >= ${start} and ${communityMembers.joinedAt} < ${to})`;
  const membersNow = current
    ? sql`(select count(*) from ${communityMembers} where ${communityMembers.communityId} = ${communityId})`
    : joinedBetween(0);
  const previousMembers = sql`(select ${mt.members} from ${mt} where ${mt.communityId} = ${communityId} and ${mt.day} = ${day - 1})`;
  // Someone who joins and leaves within the day takes their join's row along: a day's joins never go
  // down from what an earlier run saw, and a leave then still shows.
  const joins = sql`max(${joinedBetween(from)}, coalesce((select ${mt.joins} from ${mt} where ${mt.communityId} = ${communityId} and ${mt.day} = ${day}), 0))`;
  const leaves = current ? sql`max(0, coalesce(${previousMembers}, ${membersNow}) + ${joins} - ${membersNow})` : sql`0`;
  const runningSubscriptions = sql`${userSubscriptions.communityId} = ${communityId}
    and ${userSubscriptions.subscriptionType} = 'community' and ${userSubscriptions.createdAt} < ${until}
    and ${userSubscriptions.currentPeriodEnd} > ${until}`;
  const oneTimePaid = sql`(select count(distinct ${paymentOrders.userId}) from ${paymentOrders}
    join ${communityMembers} on ${communityMembers.communityId} = ${paymentOrders.communityId} and ${communityMembers.profileId} = ${paymentOrders.userId}
    where ${paymentOrders.communityId} = ${communityId} and ${paymentOrders.kind} = 'join_community'
      and ${paymentOrders.subscriptionId} is null and ${paymentOrders.status} = 'approved' and ${paymentOrders.createdAt} < ${until})`;
  const orders = (status: SQL, at: typeof paymentOrders.createdAt) =>
    sql`(select coalesce(sum(${paymentOrders.amount}), 0) from ${paymentOrders}
      where ${paymentOrders.communityId} = ${communityId} and ${paymentOrders.kind} in ('join_community', 'renewal')
        and ${status} and ${at} >= ${from} and ${at} < ${to})`;
  const enrolments = sql`from ${courseEnrollments} join ${classroomCourses} on ${classroomCourses.id} = ${courseEnrollments.courseId}
    where ${classroomCourses.communityId} = ${communityId} and ${courseEnrollments.enrolledAt} < ${until}`;
  const started = sql`exists (select 1 from ${videoProgress} where ${videoProgress.userId} = ${courseEnrollments.userId}
    and ${videoProgress.courseId} = ${courseEnrollments.courseId} and ${videoProgress.completedAt} < ${until})`;

  // Column by column what the day row holds; membership columns only from the running day's runs.
  const values: [SQLiteColumn, SQL][] = [
    [mt.communityId, sql`${communityId}`],
    [mt.day, sql`${day}`],
    [mt.joins, joins],
    [mt.active, sql`(select count(*) from ${md} where ${md.communityId} = ${communityId} and ${md.day} = ${day})`],
    [
      mt.active30,
      sql`(select count(distinct ${md.userId}) from ${md} where ${md.communityId} = ${communityId}
        and ${md.day} > ${day - ACTIVE_WINDOW_DAYS} and ${md.day} <= ${day})`,
    ],
    [mt.posts, countActs("post")],
    [mt.comments, countActs("comment")],
    [mt.likes, countActs("like")],
    [mt.messages, countActs("message")],
    [mt.lessons, countActs("lesson")],
    [
      mt.attendances,
      sql`(select coalesce(sum(${communityEvents.attendeesCount}), 0) from ${communityEvents}
        where ${communityEvents.communityId} = ${communityId} and ${communityEvents.startTime} >= ${from} and ${communityEvents.startTime} < ${to})`,
    ],
    [mt.paidMembers, sql`(select count(*) from ${userSubscriptions} where ${runningSubscriptions}) + ${oneTimePaid}`],
    [
      mt.mrr,
      sql`(select coalesce(cast(round(sum(${monthly})) as integer), 0) from ${userSubscriptions} where ${runningSubscriptions})`,
    ],
    [
      mt.churned,
      sql`(select count(*) from ${userSubscriptions} where ${userSubscriptions.communityId} = ${communityId}
        and ${userSubscriptions.subscriptionType} = 'community' and ${userSubscriptions.status} <> 'active'
        and ${userSubscriptions.currentPeriodEnd} >= ${from} and ${userSubscriptions.currentPeriodEnd} < ${until})`,
    ],
    [mt.revenue, orders(sql`${paymentOrders.status} in ('approved', 'reversed')`, paymentOrders.createdAt)],
    [mt.refunds, orders(sql`${paymentOrders.status} = 'reversed'`, paymentOrders.updatedAt)],
    [mt.enrolled, sql`(select count(*) ${enrolments})`],
    [mt.started, sql`(select count(*) ${enrolments} and ${started})`],
    [mt.finished, sql`(select count(*) ${enrolments} and ${courseEnrollments.completedAt} < ${until})`],
    [mt.updatedAt, sql`${now}`],
    [mt.members, membersNow],
    [mt.leaves, leaves],
    [mt.observed, sql`${current ? 1 : 0}`],
  ];
  const keys = new Set<SQLiteColumn>([mt.communityId, mt.day]);
  const kept = new Set<SQLiteColumn>(current ? [] : [mt.members, mt.leaves, mt.observed]);
  const name = (column: SQLiteColumn) => sql.identifier(column.name);
  const updates = values
    .filter(([column]) => !keys.has(column) && !kept.has(column))
    .map(([column]) => sql`${name(column)} = excluded.${name(column)}`);

  return [
    db.delete(md).where(sql`${md.communityId} = ${communityId} and ${md.day} = ${day}`),
    ...parts.map((part) =>
      db.run(sql`insert into ${md} (${sql.join([md.communityId, md.day, md.userId, md.posts, md.comments, md.actions].map(name), sql`, `)})
        select ${communityId}, ${day}, user_id, sum(kind = 'post'), sum(kind = 'comment'), sum(kind not in ('post', 'comment'))
        from (${part}) where user_id is not null group by user_id
        on conflict do update set ${sql.join(
          [md.posts, md.comments, md.actions].map((column) => sql`${name(column)} = ${name(column)} + excluded.${name(column)}`),
          sql`, `,
        )}`),
    ),
    // "where true" tells SQLite's parser the upsert clause is not part of the select.
    db.run(
      sql`insert into ${mt} (${sql.join(
        values.map(([column]) => name(column)),
        sql`, `,
      )}) select ${sql.join(
        values.map(([, value]) => value),
        sql`, `,
      )} where true on conflict (${name(mt.communityId)}, ${name(mt.day)}) do update set ${sql.join(updates, sql`, `)}`,
    ),
  ];
}

/** How many top contributors the page lists. */
export const TOP_CONTRIBUTORS = 10;

const tc = communityTopContributors;

/**
 * Ranks a community's top contributors (posts and comments written) over each period the page offers,
 * ending with `today`, from the member days just rolled up: one sum per period here, so the page reads
 * ten ranked rows instead of summing a year of member days on every visit.
 */
export function rankTopContributors(db: Db, communityId: string, today: number): Statement[] {
  return [
    db.delete(tc).where(sql`${tc.communityId} = ${communityId}`),
    ...metricPeriods.map((period) => {
      const days = Number(period);
      return db.run(sql`insert into ${tc} (community_id, days, rank, user_id, posts, comments)
        select ${communityId}, ${days}, row_number() over (order by posts + comments desc, user_id), user_id, posts, comments
        from (select ${md.userId} as user_id, sum(${md.posts}) as posts, sum(${md.comments}) as comments from ${md}
          where ${md.communityId} = ${communityId} and ${md.day} > ${today - days} and ${md.day} <= ${today}
          group by ${md.userId} having sum(${md.posts}) + sum(${md.comments}) > 0
          order by sum(${md.posts}) + sum(${md.comments}) desc, ${md.userId} limit ${TOP_CONTRIBUTORS})`);
    }),
  ];
}
