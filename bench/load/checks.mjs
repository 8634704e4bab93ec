// What must hold after the run, read from the local D1 with SQL: every acknowledged write stored once,
// every counter equal to its rows, points equal to the ledger and the ledger to the content, one
// notification per event, and every notification pushed to its recipient's open user room.
import { pointValues } from "../../common/points.ts";

/** Stored counters and the rows they count: [counter, table, its key, the counted table, its reference]. */
const counters = [
  ["posts.likes_count", "posts", "id", "post_likes", "post_id"],
  ["posts.comments_count", "posts", "id", "post_comments", "post_id"],
  ["post_comments.likes_count", "post_comments", "id", "comment_likes", "comment_id"],
  ["post_comments.replies_count", "post_comments", "id", "post_comments", "parent_comment_id"],
  ["communities.members_count", "communities", "id", "community_members", "community_id"],
  ["communities.posts_count", "communities", "id", "posts", "community_id"],
  ["communities.events_count", "communities", "id", "community_events", "community_id"],
  ["communities.courses_count", "communities", "id", "classroom_courses", "community_id"],
  ["community_topics.posts_count", "community_topics", "id", "posts", "topic_id"],
  ["community_events.attendees_count", "community_events", "id", "event_attendees", "event_id"],
  ["classroom_courses.videos_count", "classroom_courses", "id", "course_videos", "course_id"],
  ["classroom_courses.enrollments_count", "classroom_courses", "id", "course_enrollments", "course_id"],
  ["conversations.member_count", "conversations", "id", "conversation_participants", "conversation_id"],
];

/** One statement per counter: D1 caps the terms of a compound select well below thirteen. */
const counterSql = counters.map(([name, table, key, counted, ref]) => {
  const column = name.split(".")[1];
  return `select '${name}' as counter, count(*) as wrong from ${table} t
    where t.${column} != (select count(*) from ${counted} x where x.${ref} = t.${key})`;
});

/** What each member earned by the content that exists now (the mix deletes nothing). */
const earnedSql = `
  select p.author_id as user_id, p.community_id, ${pointValues.post_created} as amount from posts p where p.author_id is not null
  union all select c.author_id, p.community_id, ${pointValues.comment_created} from post_comments c join posts p on p.id = c.post_id
    where c.author_id is not null
  union all select p.author_id, p.community_id, ${pointValues.post_like_received} from post_likes l join posts p on p.id = l.post_id
    where l.user_id != p.author_id
  union all select c.author_id, p.community_id, ${pointValues.comment_like_received} from comment_likes l
    join post_comments c on c.id = l.comment_id join posts p on p.id = c.post_id where l.user_id != c.author_id`;

const statements = [
  "select id from posts",
  "select id from post_comments",
  "select post_id || ':' || user_id as pair from post_likes",
  "select comment_id || ':' || user_id as pair from comment_likes",
  "select community_id || ':' || profile_id as pair from community_members",
  // Totals against the ledger, both ways: a wrong total, and a ledger with no total.
  `select count(*) as wrong from user_points up where up.points != max(0,
     (select coalesce(sum(e.amount), 0) from point_events e where e.user_id = up.user_id and e.community_id = up.community_id))`,
  `select count(*) as wrong from (select user_id, community_id from point_events group by 1, 2 having sum(amount) > 0) l
     where not exists (select 1 from user_points up where up.user_id = l.user_id and up.community_id = l.community_id)`,
  `select user_id, community_id, sum(earned) as earned, sum(ledger) as ledger from (
     select user_id, community_id, amount as earned, 0 as ledger from (${earnedSql})
     union all select user_id, community_id, 0, amount from point_events
   ) group by 1, 2 having sum(earned) != sum(ledger) limit 10`,
  `select
     (select count(*) from notifications where type = 'POST_COMMENT') as post_comment,
     (select count(*) from post_comments c join posts p on p.id = c.post_id
       where c.parent_comment_id is null and c.author_id != p.author_id) as comments_on_others,
     (select count(*) from notifications where type = 'COMMENT_REPLY') as comment_reply,
     (select count(*) from post_comments r join post_comments c on c.id = r.parent_comment_id
       where r.author_id != c.author_id) as replies_to_others,
     (select count(*) from notifications where type = 'POST_LIKE') as post_like,
     (select count(*) from notifications where type = 'COMMENT_LIKE') as comment_like,
     (select count(*) from notifications where type = 'COMMUNITY_JOIN') as community_join,
     (select count(*) from notifications) as total,
     (select count(*) from idempotency_keys) as idempotency_keys`,
  "select id, recipient_id from notifications",
  ...counterSql,
];

/** Missing and extra members of `stored` against `expected` (both sets of strings). */
function compare(expected, stored) {
  const missing = [...expected].filter((x) => !stored.has(x));
  const extra = [...stored].filter((x) => !expected.has(x));
  return { missing, extra, ok: missing.length === 0 && extra.length === 0 };
}

const some = (list) => (list.length > 3 ? `${list.slice(0, 3).join(", ")}, ...` : list.join(", "));
const describe = ({ missing, extra }) => `${missing.length} lost (${some(missing)}), ${extra.length} extra (${some(extra)})`;

/**
 * Runs the checks with `query` (statements in, rows of each out) against what the members were told
 * (`expected`) and what their user rooms pushed (`pushed`: recipient id -> notification ids).
 * Answers `[text, ok]` pairs and some figures for the report.
 */
export function runChecks(query, expected, pushed) {
  const [
    posts,
    comments,
    postLikes,
    commentLikes,
    members,
    wrongTotals,
    missingTotals,
    ledger,
    notes,
    notifications,
    ...perCounter
  ] = query(statements);
  const counterRows = perCounter.map((rows) => rows[0]);
  const set = (rows, column) => new Set(rows.map((r) => r[column]));
  const checks = [];
  const stored = (what, exp, rows, column) => {
    const result = compare(exp, set(rows, column));
    checks.push([`${what}: ${exp.size} acknowledged, stored exactly once each: ${describe(result)}`, result.ok]);
  };
  stored("posts", new Set(expected.posts.keys()), posts, "id");
  stored("comments and replies", new Set(expected.comments.keys()), comments, "id");
  stored("post likes", expected.postLikes, postLikes, "pair");
  stored("comment likes", expected.commentLikes, commentLikes, "pair");
  stored("memberships", expected.memberships, members, "pair");

  const wrongCounters = counterRows.filter((r) => r.wrong > 0);
  checks.push([
    `${counterRows.length} counters equal to their rows${wrongCounters.length ? `: ${wrongCounters.map((r) => `${r.counter} wrong on ${r.wrong} rows`).join(", ")}` : ""}`,
    wrongCounters.length === 0,
  ]);
  checks.push([
    `points totals equal to the ledger: ${wrongTotals[0].wrong} wrong, ${missingTotals[0].wrong} missing`,
    wrongTotals[0].wrong === 0 && missingTotals[0].wrong === 0,
  ]);
  checks.push([
    `the ledger equal to the content (10 a post, 5 a comment, 2 and 1 a like received)${ledger.length ? `: ${ledger.map((r) => `${r.user_id} in ${r.community_id} earned ${r.earned}, ledger ${r.ledger}`).join("; ")}` : ""}`,
    ledger.length === 0,
  ]);

  const n = notes[0];
  const postLikers = [...expected.postLikedEver].length;
  const commentLikers = [...expected.commentLikedEver].length;
  checks.push([
    `one notification per event: ${n.post_comment}/${n.comments_on_others} comments, ${n.comment_reply}/${n.replies_to_others} replies, ` +
      `${n.post_like}/${postLikers} post likers, ${n.comment_like}/${commentLikers} comment likers, ${n.community_join}/${expected.joins} joins`,
    n.post_comment === n.comments_on_others &&
      n.comment_reply === n.replies_to_others &&
      n.post_like === postLikers &&
      n.comment_like === commentLikers &&
      n.community_join === expected.joins,
  ]);

  const unpushed = notifications.filter((row) => !pushed.get(row.recipient_id)?.has(row.id));
  checks.push([
    `every notification pushed to its recipient's open user room: ${notifications.length - unpushed.length}/${notifications.length}`,
    unpushed.length === 0,
  ]);
  return { checks, figures: { notifications: n.total, idempotencyKeys: n.idempotency_keys } };
}
