import { containsParams, containsSql } from "../../lib/text-search";

const LIMIT = 5;

/** Three lookups in one round trip; authors who blocked the searcher (or were blocked) stay hidden. */
export async function searchCommunity(d1: D1Database, communityId: string, q: string, viewerId: string) {
  const text = containsParams(q);
  const [posts, members, events] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare(
        `select p.id, p.headline, p.content, p.created_at from posts p
         where p.community_id = ? and (${containsSql("coalesce(p.headline, '')")} or ${containsSql("p.content")})
           and not exists (select 1 from blocked_users b where (b.blocker_id = p.author_id and b.blocked_id = ?) or (b.blocker_id = ? and b.blocked_id = p.author_id))
         order by p.created_at desc limit ${LIMIT}`,
      )
      .bind(communityId, ...text, ...text, viewerId, viewerId),
    d1
      .prepare(
        `select u.id, u.full_name, u.avatar_url from community_members m join users u on u.id = m.profile_id
         where m.community_id = ? and ${containsSql("u.full_name")} order by u.full_name limit ${LIMIT}`,
      )
      .bind(communityId, ...text),
    d1
      .prepare(
        `select e.id, e.name, e.start_time from community_events e
         where e.community_id = ? and ${containsSql("e.name")} order by e.start_time desc limit ${LIMIT}`,
      )
      .bind(communityId, ...text),
  ]);
  type P = { id: string; headline: string | null; content: string; created_at: number };
  type M = { id: string; full_name: string; avatar_url: string | null };
  type E = { id: string; name: string; start_time: number };
  return {
    posts: (posts!.results as P[]).map((p) => ({
      id: p.id,
      title: p.headline || p.content.slice(0, 80),
      createdAt: p.created_at,
    })),
    members: (members!.results as M[]).map((m) => ({ id: m.id, fullName: m.full_name, avatarUrl: m.avatar_url })),
    events: (events!.results as E[]).map((e) => ({ id: e.id, name: e.name, startTime: e.start_time })),
  };
}
