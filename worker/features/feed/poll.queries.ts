import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Poll } from "../../../common/contract/poll";
import { blockedBetween } from "../../lib/access";
import type { Db } from "../../lib/db";
import { tableAs } from "../../lib/sql-names";
import { postPollOptions, postPolls, postPollVotes, users } from "../../lib/tables";

/** A poll as the feed reads it: everything but what depends on the viewer's role. */
export type FeedPoll = Omit<Poll, "canSeeVoters">;

const pp = alias(postPolls, "pp");
const po = alias(postPollOptions, "po");
const pv = alias(postPollVotes, "pv");
const mine = alias(postPollVotes, "pvm");
const voters = alias(postPollVotes, "pvv");

/**
 * The poll of the post whose id is `postId` (a column of the outer statement) as one JSON value, null
 * without a poll: a column of the feed's own select, so a page with polls stays one statement.
 * Counts are of every vote, blocked people's included; `chosen` is the viewer's own vote.
 */
export const pollColumn = (postId: SQLWrapper, viewer: SQL) =>
  sql<string | null>`(select json_object(
      'multipleChoice', ${pp.multipleChoice},
      'closesAt', ${pp.closesAt},
      'voters', (select count(distinct ${voters.userId}) from ${tableAs(voters)} where ${voters.postId} = ${pp.postId}),
      'options', json((select json_group_array(json_object(
          'id', ${po.id}, 'text', ${po.text}, 'position', ${po.position},
          'votes', (select count(*) from ${tableAs(pv)} where ${pv.optionId} = ${po.id}),
          'chosen', exists (select 1 from ${tableAs(mine)} where ${mine.optionId} = ${po.id} and ${mine.userId} = ${viewer})))
        from ${tableAs(po)} where ${po.postId} = ${pp.postId})))
    from ${tableAs(pp)} where ${pp.postId} = ${postId})`;

type StoredPoll = {
  multipleChoice: 0 | 1;
  closesAt: number | null;
  voters: number;
  options: { id: string; text: string; position: number; votes: number; chosen: 0 | 1 }[];
};

/** The poll from `pollColumn`'s JSON, closed or not by the clock now. */
export function toPoll(json: string | null, now = Date.now()): FeedPoll | null {
  if (!json) return null;
  const stored = JSON.parse(json) as StoredPoll;
  return {
    multipleChoice: stored.multipleChoice === 1,
    closesAt: stored.closesAt,
    closed: stored.closesAt !== null && stored.closesAt <= now,
    voters: stored.voters,
    options: [...stored.options]
      .sort((a, b) => a.position - b.position)
      .map((o) => ({ id: o.id, text: o.text, votes: o.votes, chosen: o.chosen === 1 })),
  };
}

/** The poll's settings and its option ids: no row when the post has no poll. */
export const pollState = (db: Db, postId: string) =>
  db.all<{ multipleChoice: 0 | 1; closesAt: number | null; optionId: string }>(
    sql`select ${pp.multipleChoice} as "multipleChoice", ${pp.closesAt} as "closesAt", ${po.id} as "optionId"
      from ${tableAs(pp)} join ${tableAs(po)} on ${po.postId} = ${pp.postId} where ${pp.postId} = ${postId}`,
  );

/** The poll alone, for the viewer, after a vote: the same JSON as the feed's column. */
export const pollOf = (db: Db, postId: string, viewer: SQL) =>
  db.get<{ poll: string | null }>(sql`select ${pollColumn(sql`${postId}`, viewer)} as "poll"`);

/**
 * Who voted what, option by option in the author's order, earliest vote first. Each row says whether
 * a block stands between the viewer and the voter: those votes are counted but never named.
 */
export const pollVoterRows = (db: Db, postId: string, viewer: SQL) =>
  db.all<{
    optionId: string;
    text: string;
    userId: string | null;
    fullName: string | null;
    avatarUrl: string | null;
    hidden: 0 | 1 | null;
  }>(
    sql`select ${po.id} as "optionId", ${po.text} as "text", ${pv.userId} as "userId", ${users.fullName} as "fullName",
        ${users.avatarUrl} as "avatarUrl", case when ${pv.userId} is null then null else ${blockedBetween(pv.userId, viewer)} end as "hidden"
      from ${tableAs(po)}
      left join ${tableAs(pv)} on ${pv.optionId} = ${po.id}
      left join ${users} on ${users.id} = ${pv.userId}
      where ${po.postId} = ${postId}
      order by ${po.position}, ${pv.createdAt}, ${pv.userId}`,
  );
