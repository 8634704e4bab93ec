import { asc, eq, sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { communities, communityParams, topicBody, topicParams } from "../../../common/contract/communities";
import { newId } from "../../../common/ids";
import type { HonoEnv } from "../../env";
import { assertWritable, load, viewerOf, visibleCommunity } from "../../lib/access";
import { isUniqueViolation } from "../../lib/db";
import { AppError, forbidden, notFound, unauthenticated } from "../../lib/errors";
import { canManageContent, hasMemberAccess } from "../../lib/permissions";
import { respond } from "../../lib/respond";
import { sessionToken } from "../../lib/session";
import { communityTopics } from "../../lib/tables";
import { validate } from "../../lib/validation";

type TopicRow = { id: string; name: string; color: string; posts_count: number };
const toTopic = (r: TopicRow) => ({ id: r.id, name: r.name, color: r.color, postsCount: r.posts_count });

function duplicateName(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError("CONFLICT", "A topic with this name already exists.");
  throw error;
}

/** The signed-in caller (401 otherwise) and the community they may see (404 otherwise): one statement. */
async function visible(c: Context<HonoEnv>, id: string) {
  const access = await load(c, viewerOf(c.var.db, await sessionToken(c), id));
  if (!access.user) throw unauthenticated();
  return { ...access, community: visibleCommunity(access.actor, access.community) };
}

/** Topics of a community: members read them (feed pills), the owner and admins manage them. */
export const topicsRoutes = new Hono<HonoEnv>()
  .get("/", validate("param", communityParams), async (c) => {
    const { actor, community, membership } = await visible(c, c.req.valid("param").id);
    if (!hasMemberAccess(actor, community, membership)) throw notFound("Community not found.");
    const results = await c.var.db
      .select({
        id: communityTopics.id,
        name: communityTopics.name,
        color: communityTopics.color,
        posts_count: communityTopics.postsCount,
      })
      .from(communityTopics)
      .where(eq(communityTopics.communityId, community.id))
      .orderBy(asc(communityTopics.name));
    return respond(c, communities.listTopics, { topics: results.map(toTopic) });
  })
  .post("/", validate("param", communityParams), validate("json", topicBody), async (c) => {
    const { actor, community, membership } = await visible(c, c.req.valid("param").id);
    assertWritable(community);
    if (!canManageContent(actor, community, membership)) throw forbidden("Only the owner and admins can manage topics.");
    const { name, color } = c.req.valid("json");
    const id = newId();
    await c.var.db
      .insert(communityTopics)
      .values({ id, communityId: community.id, name, color: color.toUpperCase(), postsCount: 0, createdAt: Date.now() })
      .catch(duplicateName);
    return respond(c, communities.createTopic, { topic: { id, name, color: color.toUpperCase(), postsCount: 0 } });
  })
  .patch("/:topicId", validate("param", topicParams), validate("json", topicBody), async (c) => {
    const { id, topicId } = c.req.valid("param");
    const { actor, community, membership } = await visible(c, id);
    assertWritable(community);
    if (!canManageContent(actor, community, membership)) throw forbidden("Only the owner and admins can manage topics.");
    const { name, color } = c.req.valid("json");
    const updated = await c.var.db
      .get<TopicRow | undefined>(
        sql`update community_topics set name = ${name}, color = ${color.toUpperCase()} where id = ${topicId} and community_id = ${community.id}
            returning id, name, color, posts_count`,
      )
      .catch(duplicateName);
    if (!updated) throw notFound("Topic not found.");
    return respond(c, communities.updateTopic, { topic: toTopic(updated) });
  })
  .delete("/:topicId", validate("param", topicParams), async (c) => {
    const { id, topicId } = c.req.valid("param");
    const { actor, community, membership } = await visible(c, id);
    assertWritable(community);
    if (!canManageContent(actor, community, membership)) throw forbidden("Only the owner and admins can manage topics.");
    // Posts keep existing without a topic (the foreign key sets it to null).
    const deleted = await c.var.db.get(
      sql`delete from community_topics where id = ${topicId} and community_id = ${community.id} returning id`,
    );
    if (!deleted) throw notFound("Topic not found.");
    return respond(c, communities.deleteTopic, { ok: true });
  });
