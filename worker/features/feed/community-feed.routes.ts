import { Hono } from "hono";
import { communityIdParams, feed, feedQuery, mentionQuery, postBody } from "../../../common/contract/feed";
import type { HonoEnv } from "../../env";
import { respond } from "../../lib/respond";
import { getCommunityPresence } from "../../lib/rooms";
import { validate } from "../../lib/validation";
import { containsParams, containsSql } from "../../lib/text-search";
import { accessStatement, memberFromRow, memberOf, sessionToken, type AccessRow } from "./post-access";
import { feedPage, feedStatements, type FeedRow } from "./posts.queries";
import { createPost, postPermissions } from "./posts.routes";

const WEEK = 7 * 24 * 60 * 60 * 1000;

/** /api/communities/:id/… for the feed: posts, mention candidates and the sidebar figures. */
export const communityFeedRoutes = new Hono<HonoEnv>()
  .get("/posts", validate("param", communityIdParams), validate("query", feedQuery), async (c) => {
    // Session, membership and the page in one D1 round trip; nothing is returned unless access holds.
    const token = await sessionToken(c);
    const communityId = c.req.valid("param").id;
    const query = c.req.valid("query");
    const d1 = c.env.DB;
    const [accessResult, ...feedResults] = await d1.batch<Record<string, unknown>>([
      accessStatement(d1, token, communityId),
      ...feedStatements(d1, communityId, { token }, query),
    ]);
    const access = memberFromRow(c, accessResult!.results[0] as AccessRow | undefined);
    const page = feedPage(feedResults as D1Result<FeedRow>[], query);
    return respond(c, feed.listPosts, {
      ...page,
      items: page.items.map((p) => ({ ...p, ...postPermissions(access, p.author?.id ?? null) })),
    });
  })
  .post("/posts", validate("param", communityIdParams), validate("json", postBody), (c) =>
    createPost(c, c.req.valid("param").id, c.req.valid("json")),
  )
  .get("/mention-candidates", validate("param", communityIdParams), validate("query", mentionQuery), async (c) => {
    const access = await memberOf(c, c.req.valid("param").id);
    const { q } = c.req.valid("query");
    const { results } = await c.env.DB.prepare(
      `select u.id, u.full_name, u.avatar_url from community_members m join users u on u.id = m.profile_id
       where m.community_id = ? and u.id != ? and ${containsSql("u.full_name")}
       order by u.full_name limit 8`,
    )
      .bind(access.community.id, access.user.id, ...containsParams(q))
      .all<{ id: string; full_name: string; avatar_url: string | null }>();
    return respond(c, feed.mentionCandidates, {
      members: results.map((r) => ({ id: r.id, fullName: r.full_name, avatarUrl: r.avatar_url })),
    });
  })
  .get("/stats", validate("param", communityIdParams), async (c) => {
    const access = await memberOf(c, c.req.valid("param").id);
    const d1 = c.env.DB;
    const [counts, trending] = await d1.batch<Record<string, unknown>>([
      d1.prepare("select members_count, posts_count from communities where id = ?").bind(access.community.id),
      d1
        .prepare(
          `select t.id, t.name, t.color, count(*) as recent from posts p join community_topics t on t.id = p.topic_id
           where p.community_id = ? and p.created_at > ? group by t.id order by recent desc, t.name limit 5`,
        )
        .bind(access.community.id, Date.now() - WEEK),
    ]);
    const presence = await getCommunityPresence(c.env, access.community.id);
    const row = counts!.results[0] as { members_count: number; posts_count: number };
    return respond(c, feed.stats, {
      membersCount: row.members_count,
      postsCount: row.posts_count,
      onlineCount: presence.count,
      onlineUserIds: presence.online.slice(0, 50),
      trendingTopics: (trending!.results as { id: string; name: string; color: string; recent: number }[]).map((t) => ({
        id: t.id,
        name: t.name,
        color: t.color,
        recentPosts: t.recent,
      })),
    });
  });
