import { Hono } from "hono";
import { communities, communityParams, topicBody, topicParams } from "../../../common/contract/communities";
import { newId } from "../../../common/ids";
import type { HonoEnv } from "../../env";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { canManageContent, hasMemberAccess } from "../../lib/permissions";
import { respond } from "../../lib/respond";
import { validate } from "../../lib/validation";
import { assertWritable, visibleCommunity } from "./community-guard";

type TopicRow = { id: string; name: string; color: string; posts_count: number };
const toTopic = (r: TopicRow) => ({ id: r.id, name: r.name, color: r.color, postsCount: r.posts_count });

function duplicateName(error: unknown): never {
  if (String(error).includes("UNIQUE")) throw new AppError("CONFLICT", "A topic with this name already exists.");
  throw error;
}

/** Topics of a community: members read them (feed pills), the owner and admins manage them. */
export const topicsRoutes = new Hono<HonoEnv>()
  .get("/", validate("param", communityParams), async (c) => {
    const { actor, row } = await visibleCommunity(c, c.req.valid("param").id);
    if (!hasMemberAccess(actor, row, row.membership)) throw notFound("Community not found.");
    const { results } = await c.env.DB.prepare(
      "select id, name, color, posts_count from community_topics where community_id = ? order by name",
    )
      .bind(row.id)
      .all<TopicRow>();
    return respond(c, communities.listTopics, { topics: results.map(toTopic) });
  })
  .post("/", validate("param", communityParams), validate("json", topicBody), async (c) => {
    const { actor, row } = await visibleCommunity(c, c.req.valid("param").id);
    if (!actor) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
    assertWritable(row);
    if (!canManageContent(actor, row, row.membership)) throw forbidden("Only the owner and admins can manage topics.");
    const { name, color } = c.req.valid("json");
    const id = newId();
    await c.env.DB.prepare(
      "insert into community_topics (id, community_id, name, color, posts_count, created_at) values (?, ?, ?, ?, 0, ?)",
    )
      .bind(id, row.id, name, color.toUpperCase(), Date.now())
      .run()
      .catch(duplicateName);
    return respond(c, communities.createTopic, { topic: { id, name, color: color.toUpperCase(), postsCount: 0 } });
  })
  .patch("/:topicId", validate("param", topicParams), validate("json", topicBody), async (c) => {
    const { id, topicId } = c.req.valid("param");
    const { actor, row } = await visibleCommunity(c, id);
    if (!actor) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
    assertWritable(row);
    if (!canManageContent(actor, row, row.membership)) throw forbidden("Only the owner and admins can manage topics.");
    const { name, color } = c.req.valid("json");
    const updated = await c.env.DB.prepare(
      "update community_topics set name = ?, color = ? where id = ? and community_id = ? returning id, name, color, posts_count",
    )
      .bind(name, color.toUpperCase(), topicId, row.id)
      .first<TopicRow>()
      .catch(duplicateName);
    if (!updated) throw notFound("Topic not found.");
    return respond(c, communities.updateTopic, { topic: toTopic(updated) });
  })
  .delete("/:topicId", validate("param", topicParams), async (c) => {
    const { id, topicId } = c.req.valid("param");
    const { actor, row } = await visibleCommunity(c, id);
    if (!actor) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
    assertWritable(row);
    if (!canManageContent(actor, row, row.membership)) throw forbidden("Only the owner and admins can manage topics.");
    // Posts keep existing without a topic (the foreign key sets it to null).
    const deleted = await c.env.DB.prepare("delete from community_topics where id = ? and community_id = ? returning id")
      .bind(topicId, row.id)
      .first();
    if (!deleted) throw notFound("Topic not found.");
    return respond(c, communities.deleteTopic, { ok: true });
  });
