import { sql } from "drizzle-orm";
import { blockedBetween } from "../../lib/access";
import type { Db } from "../../lib/db";
import type { Cursor } from "../../lib/pagination";
import { sessionUserId } from "../../lib/session";

export type HistoryRow = {
  id: string;
  amount: number;
  reason: string;
  created_at: number;
  actor_id: string | null;
  actor_name: string | null;
  post_id: string | null;
  post_headline: string | null;
  post_content: string | null;
  comment_id: string | null;
};

const liked = sql.raw("('post_like', 'comment_like')");

/**
 * A page of the caller's ledger in one community, newest first (`limit + 1` rows), each row with what
 * earned it: a like's source id is `target:liker[:nonce]`, so the liker and the liked post or comment
 * are read from it. A liker the caller blocked, or who blocked the caller, is not named.
 */
export function historyStatement(db: Db, communityId: string, token: string, after: Cursor | null, limit: number) {
  const me = sessionUserId(token);
  const keyset = after
    ? sql` and (pe.created_at < ${after.createdAt} or (pe.created_at = ${after.createdAt} and pe.id < ${after.id}))`
    : sql``;
  return db.all<HistoryRow>(
    sql`with viewer(id) as (select ${me}),
      page as (
        select pe.id, pe.amount, pe.reason, pe.source_kind, pe.created_at,
          case when pe.source_kind in ${liked} then substr(pe.source_id, 1, instr(pe.source_id, ':') - 1) else pe.source_id end as target_id,
          case when pe.source_kind in ${liked} then substr(pe.source_id, instr(pe.source_id, ':') + 1) end as rest
        from point_events pe
        where pe.user_id = (select id from viewer) and pe.community_id = ${communityId}${keyset}
        order by pe.created_at desc, pe.id desc limit ${limit + 1}),
      sourced as (
        select p.*, case when instr(p.rest, ':') > 0 then substr(p.rest, 1, instr(p.rest, ':') - 1) else p.rest end as liker_id
        from page p)
    select s.id, s.amount, s.reason, s.created_at,
      liker.id as actor_id, liker.full_name as actor_name,
      coalesce(post.id, cpost.id) as post_id,
      coalesce(post.headline, cpost.headline) as post_headline,
      coalesce(post.content, cpost.content) as post_content,
      cm.id as comment_id
    from sourced s
    left join users liker on liker.id = s.liker_id
      and not ${blockedBetween(sql.raw("liker.id"), sql.raw("(select id from viewer)"))}
    left join posts post on s.source_kind in ('post', 'post_like') and post.id = s.target_id
    left join post_comments cm on s.source_kind in ('comment', 'comment_like') and cm.id = s.target_id
    left join posts cpost on cpost.id = cm.post_id
    order by s.created_at desc, s.id desc`,
  );
}
