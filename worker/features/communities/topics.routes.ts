import { and, asc, eq } from "drizzle-orm";
import type { Context } from "hono";
import { communities } from "../../../common/contract/communities";
import { newId } from "../../../common/ids";
import type { HonoEnv } from "../../env";
import { assertWritable, load, memberOf, viewerOf, visibleCommunity } from "../../lib/access";
import { batch, isUniqueViolation } from "../../lib/db";
import { AppError, forbidden, notFound, unauthenticated } from "../../lib/errors";
import { canManageContent } from "../../lib/permissions";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { sessionToken } from "../../lib/session";
import { communityTopics } from "../../lib/tables";

/** A topic as the API shows it. */
const topicFields = {
  id: communityTopics.id,
  name: communityTopics.name,
  color: communityTopics.color,
  postsCount: communityTopics.postsCount,
};

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
export const topicsRoutes = [
  // One round trip: the topics are read beside the access check and answered only when it holds.
  route(communities.listTopics, async (c) => {
    const db = c.var.db;
    const { id } = c.req.valid("param");
    const access = memberOf(db, await sessionToken(c), id);
    const topics = db
      .select(topicFields)
      .from(communityTopics)
      .where(eq(communityTopics.communityId, id))
      .orderBy(asc(communityTopics.name));
    const read = await batch(db, [access.query, topics]);
    access.read(c, read(access.query));
    return respond(c, communities.listTopics, { topics: read(topics) });
  }),
  route(communities.createTopic, async (c) => {
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
  }),
  route(communities.updateTopic, async (c) => {
    const { id, topicId } = c.req.valid("param");
    const { actor, community, membership } = await visible(c, id);
    assertWritable(community);
    if (!canManageContent(actor, community, membership)) throw forbidden("Only the owner and admins can manage topics.");
    const { name, color } = c.req.valid("json");
    const updated = await c.var.db
      .update(communityTopics)
      .set({ name, color: color.toUpperCase() })
      .where(and(eq(communityTopics.id, topicId), eq(communityTopics.communityId, community.id)))
      .returning(topicFields)
      .get()
      .catch(duplicateName);
    if (!updated) throw notFound("Topic not found.");
    return respond(c, communities.updateTopic, { topic: updated });
  }),
  route(communities.deleteTopic, async (c) => {
    const { id, topicId } = c.req.valid("param");
    const { actor, community, membership } = await visible(c, id);
    assertWritable(community);
    if (!canManageContent(actor, community, membership)) throw forbidden("Only the owner and admins can manage topics.");
    // Posts keep existing without a topic (the foreign key sets it to null).
    const deleted = await c.var.db
      .delete(communityTopics)
      .where(and(eq(communityTopics.id, topicId), eq(communityTopics.communityId, community.id)))
      .returning({ id: communityTopics.id })
      .get();
    if (!deleted) throw notFound("Topic not found.");
    return respond(c, communities.deleteTopic, { ok: true });
  }),
];
