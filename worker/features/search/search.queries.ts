import { sql } from "drizzle-orm";
import { blockedBetween } from "../../lib/access";
import type { Db } from "../../lib/db";
import { viewerSql, type Viewer } from "../../lib/session";
import { contains } from "../../lib/text-search";

const LIMIT = 5;

type P = { id: string; headline: string | null; content: string; created_at: number };
type M = { id: string; full_name: string; avatar_url: string | null };
type E = { id: string; name: string; start_time: number };

/** Three lookups for one batch; authors who blocked the searcher (or were blocked) stay hidden. */
export function searchStatements(db: Db, communityId: string, q: string, viewer: Viewer) {
  return [
    db.all<P>(
      sql`select p.id, p.headline, p.content, p.created_at from posts p
          where p.community_id = ${communityId}
            and (${contains(sql.raw("coalesce(p.headline, '')"), q)} or ${contains(sql.raw("p.content"), q)})
            and not ${blockedBetween(sql.raw("p.author_id"), viewerSql(viewer))}
          order by p.created_at desc limit ${LIMIT}`,
    ),
    db.all<M>(
      sql`select u.id, u.full_name, u.avatar_url from community_members m join users u on u.id = m.profile_id
          where m.community_id = ${communityId} and ${contains(sql.raw("u.full_name"), q)} order by u.full_name limit ${LIMIT}`,
    ),
    db.all<E>(
      sql`select e.id, e.name, e.start_time from community_events e
          where e.community_id = ${communityId} and ${contains(sql.raw("e.name"), q)} order by e.start_time desc limit ${LIMIT}`,
    ),
  ] as const;
}

export function searchResults([posts, members, events]: [P[], M[], E[]]) {
  return {
    posts: posts.map((p) => ({
      id: p.id,
      title: p.headline || p.content.slice(0, 80),
      createdAt: p.created_at,
    })),
    members: members.map((m) => ({ id: m.id, fullName: m.full_name, avatarUrl: m.avatar_url })),
    events: events.map((e) => ({ id: e.id, name: e.name, startTime: e.start_time })),
  };
}
