import { Hono, type Context } from "hono";
import {
  communities,
  communityParams,
  createCommunityBody,
  exploreQuery,
  memberParams,
  roleBody,
  updateCommunityBody,
} from "../../../common/contract/communities";
import type { HonoEnv } from "../../env";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { canManageContent, canOwn, isListed } from "../../lib/permissions";
import { hit, rateLimitRules } from "../../lib/rate-limit";
import { respond } from "../../lib/respond";
import { requireUser } from "../../lib/session";
import { readSessionToken } from "../../lib/session-cookie";
import { validate } from "../../lib/validation";
import { notificationInsert, pushNotifications } from "../notifications/notify";
import { findCommunity } from "./community.queries";
import { assertWritable, visibleCommunity } from "./community-guard";
import { communityView } from "./community-view";
import { assertOwnImages, createCommunity, updateCommunity } from "./community-writes";
import { exploreCommunities } from "./explore.queries";
import { communityFeedRoutes } from "../feed/community-feed.routes";
import { membersRoutes } from "../members/members.routes";
import { communityReportsRoutes } from "../reports/reports.routes";
import { topicsRoutes } from "./topics.routes";

export const communitiesRoutes = new Hono<HonoEnv>()
  .get("/", validate("query", exploreQuery), async (c) => {
    const token = await readSessionToken(c.env, c.req.raw.headers);
    return respond(c, communities.explore, await exploreCommunities(c.env.DB, c.req.valid("query"), token ? { token } : null));
  })
  .post("/", validate("json", createCommunityBody), async (c) => {
    const user = await requireUser(c);
    const body = c.req.valid("json");
    if (body.plan !== "free") {
      throw new AppError("NOT_AVAILABLE", "Paid plans are not available yet. Choose the Free plan for now.");
    }
    await hit(c.env.DB, rateLimitRules.communityCreate, user.id);
    await assertOwnImages(c.env.DB, user.id, body.imageUrls);
    const { id } = await createCommunity(c.env.DB, user.id, body);
    return respond(c, communities.create, { community: { id, name: body.name, reviewStatus: "under_review" }, pointsEarned: 10 });
  })
  .get("/:id", validate("param", communityParams), async (c) => {
    const { actor, row } = await visibleCommunity(c, c.req.valid("param").id);
    return respond(c, communities.get, communityView(row, actor));
  })
  .patch("/:id", validate("param", communityParams), validate("json", updateCommunityBody), async (c) => {
    const { user, actor, row } = await visibleCommunity(c, c.req.valid("param").id);
    if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
    assertWritable(row);
    if (!canManageContent(actor, row, row.membership)) throw forbidden("Only the owner and admins can edit this community.");
    const body = c.req.valid("json");
    if (body.imageUrls) await assertOwnImages(c.env.DB, user.id, body.imageUrls, row.imageUrls);
    await updateCommunity(c.env.DB, row.id, body, { resubmit: row.reviewStatus === "rejected" && row.creatorId === user.id });
    const updated = await findCommunity(c.env.DB, row.id, user.id);
    return respond(c, communities.update, communityView(updated!, actor));
  })
  .post("/:id/join", validate("param", communityParams), async (c) => {
    const user = await requireUser(c);
    const { actor, row } = await visibleCommunity(c, c.req.valid("param").id);
    if (row.membership) throw new AppError("ALREADY_MEMBER", "You are already a member of this community.");
    if (!isListed(row)) throw new AppError("CONFLICT", "This community is not open for new members.");
    if (row.isPaid) throw new AppError("NOT_AVAILABLE", "Payments are not available yet, so paid communities cannot be joined.");
    const joinedAt = Date.now();
    const d1 = c.env.DB;
    const limit = row.planLimits.maxMembers;
    const notification = row.creatorId
      ? notificationInsert(d1, {
          recipientId: row.creatorId,
          senderId: user.id,
          communityId: row.id,
          type: "COMMUNITY_JOIN",
          senderName: user.fullName,
          title: `joined ${row.name}`,
          content: "Say hello and make them feel welcome.",
          onlyIf: {
            sql: "exists (select 1 from community_members where community_id = ? and profile_id = ? and joined_at = ?)",
            params: [row.id, user.id, joinedAt],
          },
        })
      : null;
    // The limit is checked inside the insert, so two last-place joins cannot both get in.
    await d1.batch([
      d1
        .prepare(
          `insert into community_members (community_id, profile_id, role, joined_at)
           select ?1, ?2, 'member', ?3 where ?4 is null or (select count(*) from community_members where community_id = ?1) < ?4
           on conflict do nothing`,
        )
        .bind(row.id, user.id, joinedAt, limit),
      d1
        .prepare(
          "update communities set members_count = (select count(*) from community_members where community_id = ?1) where id = ?1",
        )
        .bind(row.id),
      ...(notification ? [notification.statement] : []),
    ]);
    const after = await findCommunity(d1, row.id, user.id);
    if (!after?.membership) throw new AppError("CONFLICT", "This community has reached its member limit.");
    if (after.membership.joinedAt !== joinedAt)
      throw new AppError("ALREADY_MEMBER", "You are already a member of this community.");
    if (notification) c.executionCtx.waitUntil(pushNotifications(c.env, [notification.id]));
    return respond(c, communities.join, communityView(after, actor));
  })
  .post("/:id/archive", validate("param", communityParams), (c) => setArchived(c, c.req.valid("param").id, true))
  .post("/:id/unarchive", validate("param", communityParams), (c) => setArchived(c, c.req.valid("param").id, false))
  .patch("/:id/members/:userId", validate("param", memberParams), validate("json", roleBody), async (c) => {
    const user = await requireUser(c);
    const { id, userId } = c.req.valid("param");
    const { actor, row } = await visibleCommunity(c, id);
    if (!canOwn(actor, row, row.membership)) throw forbidden("Only the owner can change member roles.");
    assertWritable(row);
    if (userId === row.creatorId) throw new AppError("CONFLICT", "The owner's role cannot be changed.");
    const { role } = c.req.valid("json");
    const d1 = c.env.DB;
    const notification = notificationInsert(d1, {
      recipientId: userId,
      senderId: user.id,
      communityId: row.id,
      type: "COMMUNITY_ROLE_CHANGE",
      senderName: user.fullName,
      title: "changed your role",
      content: `You are now ${role === "admin" ? "an admin" : `a ${role}`} of ${row.name}`,
      onlyIf: {
        sql: "exists (select 1 from community_members where community_id = ? and profile_id = ? and role = ?)",
        params: [row.id, userId, role],
      },
    });
    const [updated] = await d1.batch([
      d1
        .prepare(
          "update community_members set role = ? where community_id = ? and profile_id = ? and role != ? returning profile_id",
        )
        .bind(role, row.id, userId, role),
      ...(notification ? [notification.statement] : []),
    ]);
    if ((updated?.results.length ?? 0) === 0) {
      const exists = await d1
        .prepare("select role from community_members where community_id = ? and profile_id = ?")
        .bind(row.id, userId)
        .first();
      if (!exists) throw notFound("Member not found.");
      return respond(c, communities.setRole, { userId, role });
    }
    if (notification) c.executionCtx.waitUntil(pushNotifications(c.env, [notification.id]));
    return respond(c, communities.setRole, { userId, role });
  })
  .route("/:id/topics", topicsRoutes)
  .route("/:id/members", membersRoutes)
  .route("/:id/reports", communityReportsRoutes)
  .route("/:id", communityFeedRoutes);

async function setArchived(c: Context<HonoEnv>, id: string, archived: boolean) {
  await requireUser(c);
  const { actor, row } = await visibleCommunity(c, id);
  if (!canOwn(actor, row, row.membership)) throw forbidden("Only the owner can archive or unarchive this community.");
  await c.env.DB.prepare("update communities set archived = ?, updated_at = ? where id = ?")
    .bind(archived ? 1 : 0, Date.now(), id)
    .run();
  return respond(c, archived ? communities.archive : communities.unarchive, { id, archived });
}
