import { and, count, desc, eq, gt, ne, not, sql } from "drizzle-orm";
import { feed } from "../../../common/contract/feed";
import { blockedBetween, memberOf } from "../../lib/access";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { getCommunityPresence } from "../../lib/rooms";
import { sessionToken, sessionUserId } from "../../lib/session";
import { peopleNamed } from "../../lib/full-text";
import { firstRow } from "../../lib/sql-names";
import { communities, communityMembers, communityTopics, posts, users } from "../../lib/tables";
import { withPermissions } from "./post-permissions";
import { createPost } from "./post-writes";
import { feedPage, feedStatements } from "./posts.queries";

const WEEK = 7 * 24 * 60 * 60 * 1000;

/** /api/communities/:id/… for the feed: posts, mention candidates and the sidebar figures. */
export const communityFeedRoutes = [
  route(feed.listPosts, async (c) => {
    // Session, membership and the page in one D1 round trip; nothing is returned unless access holds.
    const db = c.var.db;
    const token = await sessionToken(c);
    const communityId = c.req.valid("param").id;
    const query = c.req.valid("query");
    const member = memberOf(db, token, communityId);
    const [accessRow, ...feedResults] = await db.batch([member.query, ...feedStatements(db, communityId, { token }, query)]);
    const access = member.read(c, accessRow);
    const page = feedPage(feedResults, query);
    return respond(c, feed.listPosts, { ...page, items: page.items.map((p) => withPermissions(p, access)) });
  }),
  route(feed.createPost, async (c) => {
    const key = c.req.valid("header")["idempotency-key"];
    const { post, access } = await createPost(c, c.req.valid("param").id, c.req.valid("json"), key);
    return respond(c, feed.createPost, { post: withPermissions(post, access) });
  }),
  route(feed.mentionCandidates, async (c) => {
    // Access and the candidates in one round trip; the candidates are only answered once access holds.
    // Nobody on either side of a block is offered: a mention of them would notify no one, or a stranger.
    const db = c.var.db;
    const token = await sessionToken(c);
    const communityId = c.req.valid("param").id;
    const me = sessionUserId(token);
    const member = memberOf(db, token, communityId);
    const named = peopleNamed(c.req.valid("query").q, sql`${communityId}`);
    const candidates = db
      .select({ id: users.id, fullName: users.fullName, avatarUrl: users.avatarUrl })
      .from(communityMembers)
      .innerJoin(users, eq(users.id, communityMembers.profileId))
      .where(
        and(
          eq(communityMembers.communityId, communityId),
          ne(users.id, me),
          not(blockedBetween(me, users.id)),
          named ? sql`${users.id} in ${named}` : undefined,
        ),
      )
      .orderBy(users.fullName)
      .limit(8);
    const [row, members] = await db.batch([member.query, candidates]);
    member.read(c, row);
    return respond(c, feed.mentionCandidates, { members });
  }),
  route(feed.stats, async (c) => {
    // Access and the figures in one round trip; the figures are only answered once access holds.
    const db = c.var.db;
    const communityId = c.req.valid("param").id;
    const member = memberOf(db, await sessionToken(c), communityId);
    const [row, counts, trending] = await db.batch([
      member.query,
      firstRow(
        db
          .select({ membersCount: communities.membersCount, postsCount: communities.postsCount })
          .from(communities)
          .where(eq(communities.id, communityId)),
      ),
      db
        .select({ id: communityTopics.id, name: communityTopics.name, color: communityTopics.color, recentPosts: count() })
        .from(posts)
        .innerJoin(communityTopics, eq(communityTopics.id, posts.topicId))
        .where(and(eq(posts.communityId, communityId), gt(posts.createdAt, Date.now() - WEEK)))
        .groupBy(communityTopics.id)
        .orderBy(desc(count()), communityTopics.name)
        .limit(5),
    ]);
    const access = member.read(c, row);
    const presence = await getCommunityPresence(c.env, access.community.id);
    return respond(c, feed.stats, {
      // The access check read the community in the same batch: it is there.
      membersCount: counts!.membersCount,
      postsCount: counts!.postsCount,
      onlineCount: presence.count,
      onlineUserIds: presence.online.slice(0, 50),
      trendingTopics: trending,
    });
  }),
];
