import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { communityIdParams, feed, feedQuery, mentionQuery, postBody } from "../../../common/contract/feed";
import type { HonoEnv } from "../../env";
import { load, memberOf } from "../../lib/access";
import { idempotencyKey } from "../../lib/idempotency";
import { respond } from "../../lib/respond";
import { getCommunityPresence } from "../../lib/rooms";
import { sessionToken } from "../../lib/session";
import { peopleNamed } from "../../lib/full-text";
import { validate } from "../../lib/validation";
import { postPermissions, withPermissions } from "./post-permissions";
import { createPost } from "./post-writes";
import { feedPage, feedStatements } from "./posts.queries";

const WEEK = 7 * 24 * 60 * 60 * 1000;

/** /api/communities/:id/… for the feed: posts, mention candidates and the sidebar figures. */
export const communityFeedRoutes = new Hono<HonoEnv>()
  .get("/posts", validate("param", communityIdParams), validate("query", feedQuery), async (c) => {
    // Session, membership and the page in one D1 round trip; nothing is returned unless access holds.
    const db = c.var.db;
    const token = await sessionToken(c);
    const communityId = c.req.valid("param").id;
    const query = c.req.valid("query");
    const member = memberOf(db, token, communityId);
    const [accessRow, ...feedResults] = await db.batch([member.query, ...feedStatements(db, communityId, { token }, query)]);
    const access = member.read(c, accessRow);
    const page = feedPage(feedResults, query);
    return respond(c, feed.listPosts, {
      ...page,
      items: page.items.map((p) => ({ ...p, ...postPermissions(access, p.author?.id ?? null) })),
    });
  })
  .post("/posts", validate("param", communityIdParams), idempotencyKey(), validate("json", postBody), async (c) => {
    const key = c.req.valid("header")["idempotency-key"];
    const { post, access } = await createPost(c, c.req.valid("param").id, c.req.valid("json"), key);
    return respond(c, feed.createPost, { post: withPermissions(post, access) });
  })
  .get("/mention-candidates", validate("param", communityIdParams), validate("query", mentionQuery), async (c) => {
    const db = c.var.db;
    const access = await load(c, memberOf(db, await sessionToken(c), c.req.valid("param").id));
    const named = peopleNamed(c.req.valid("query").q, sql`${access.community.id}`);
    const results = await db.all<{ id: string; full_name: string; avatar_url: string | null }>(
      sql`select u.id, u.full_name, u.avatar_url from community_members m join users u on u.id = m.profile_id
          where m.community_id = ${access.community.id} and u.id != ${access.user.id}${named ? sql` and u.id in ${named}` : sql``}
          order by u.full_name limit 8`,
    );
    return respond(c, feed.mentionCandidates, {
      members: results.map((r) => ({ id: r.id, fullName: r.full_name, avatarUrl: r.avatar_url })),
    });
  })
  .get("/stats", validate("param", communityIdParams), async (c) => {
    // Access and the figures in one round trip; the figures are only answered once access holds.
    const db = c.var.db;
    const communityId = c.req.valid("param").id;
    const member = memberOf(db, await sessionToken(c), communityId);
    const [row, counts, trending] = await db.batch([
      member.query,
      db.get<{ members_count: number; posts_count: number }>(
        sql`select members_count, posts_count from communities where id = ${communityId}`,
      ),
      db.all<{ id: string; name: string; color: string; recent: number }>(
        sql`select t.id, t.name, t.color, count(*) as recent from posts p join community_topics t on t.id = p.topic_id
            where p.community_id = ${communityId} and p.created_at > ${Date.now() - WEEK}
            group by t.id order by recent desc, t.name limit 5`,
      ),
    ]);
    const access = member.read(c, row);
    const presence = await getCommunityPresence(c.env, access.community.id);
    return respond(c, feed.stats, {
      membersCount: counts.members_count,
      postsCount: counts.posts_count,
      onlineCount: presence.count,
      onlineUserIds: presence.online.slice(0, 50),
      trendingTopics: trending.map((t) => ({
        id: t.id,
        name: t.name,
        color: t.color,
        recentPosts: t.recent,
      })),
    });
  });
