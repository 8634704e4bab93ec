import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { blockedBetween } from "../../lib/access";
import type { Db } from "../../lib/db";
import type { Cursor } from "../../lib/pagination";
import { sessionUserId } from "../../lib/session";
import { selectAs, tableAs, type LeftJoined, type SelectAsRow, type Stored } from "../../lib/sql-names";
import { pointEvents, postComments, posts, users } from "../../lib/tables";

const pe = alias(pointEvents, "pe");
const liker = alias(users, "liker");
const post = alias(posts, "post");
const cm = alias(postComments, "cm");
const cpost = alias(posts, "cpost");

/** The ledger row's own columns (the route reads these keys). */
const entry = { id: pe.id, amount: pe.amount, reason: pe.reason, created_at: pe.createdAt };

/** Who liked (a like's source), and the post or comment that earned the row: all left joined. */
const source = {
  actor_id: liker.id,
  actor_name: liker.fullName,
  post_id: sql<Stored<typeof posts.id>>`coalesce(${post.id}, ${cpost.id})`,
  post_headline: sql<Stored<typeof posts.headline>>`coalesce(${post.headline}, ${cpost.headline})`,
  post_content: sql<Stored<typeof posts.content>>`coalesce(${post.content}, ${cpost.content})`,
  comment_id: cm.id,
};

export type HistoryRow = SelectAsRow<typeof entry> & LeftJoined<SelectAsRow<typeof source>>;

const liked = sql.raw("('post_like', 'comment_like')");

/**
 * A page of the caller's ledger in one community, newest first (`limit + 1` rows), each row with what
 * earned it: a like's source id is `target:liker[:nonce]`, so the liker and the liked post or comment
 * are read from it. A liker the caller blocked, or who blocked the caller, is not named.
 */
export function historyStatement(db: Db, communityId: string, token: string, after: Cursor | null, limit: number) {
  const me = sessionUserId(token);
  const keyset = after
    ? sql` and (${pe.createdAt} < ${after.createdAt} or (${pe.createdAt} = ${after.createdAt} and ${pe.id} < ${after.id}))`
    : sql``;
  return db.all<HistoryRow>(
    sql`with viewer(id) as (select ${me}),
      page as (
        select ${selectAs({ ...entry, source_kind: pe.sourceKind })},
          case when ${pe.sourceKind} in ${liked} then substr(${pe.sourceId}, 1, instr(${pe.sourceId}, ':') - 1) else ${pe.sourceId} end as target_id,
          case when ${pe.sourceKind} in ${liked} then substr(${pe.sourceId}, instr(${pe.sourceId}, ':') + 1) end as rest
        from ${tableAs(pe)}
        where ${pe.userId} = (select id from viewer) and ${pe.communityId} = ${communityId}${keyset}
        order by ${pe.createdAt} desc, ${pe.id} desc limit ${limit + 1}),
      sourced as (
        select p.*, case when instr(p.rest, ':') > 0 then substr(p.rest, 1, instr(p.rest, ':') - 1) else p.rest end as liker_id
        from page p)
    select s.id, s.amount, s.reason, s.created_at, ${selectAs(source)}
    from sourced s
    left join ${tableAs(liker)} on ${liker.id} = s.liker_id
      and not ${blockedBetween(liker.id, sql.raw("(select id from viewer)"))}
    left join ${tableAs(post)} on s.source_kind in ('post', 'post_like') and ${post.id} = s.target_id
    left join ${tableAs(cm)} on s.source_kind in ('comment', 'comment_like') and ${cm.id} = s.target_id
    left join ${tableAs(cpost)} on ${cpost.id} = ${cm.postId}
    order by s.created_at desc, s.id desc`,
  );
}
