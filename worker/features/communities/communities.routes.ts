import { and, eq, ne, sql } from "drizzle-orm";
import type { Context } from "hono";
import { communities } from "../../../common/contract/communities";
import { pointValues } from "../../../common/points";
import type { HonoEnv } from "../../env";
import { assertWritable, load, viewerOf, visibleCommunity } from "../../lib/access";
import { batch, type Db } from "../../lib/db";
import { AppError, forbidden, notFound, unauthenticated } from "../../lib/errors";
import { idempotency } from "../../lib/idempotency";
import { canManageContent, canOwn } from "../../lib/permissions";
import { assertUnderLimit, hitStatement, rateLimitRules } from "../../lib/rate-limit";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { sessionStatement, sessionToken, sessionUserFrom, sessionUserId } from "../../lib/session";
import { readSessionToken } from "../../lib/session-cookie";
import { commit, commitOnce, notify } from "../../lib/commit";
import { communityFor, communityStatement, toCommunityRow } from "../../lib/community-row";
import { assertFeature } from "../../lib/community-plan";
import { communities as communitiesTable, communityMembers, conversations as conversationsTable } from "../../lib/tables";
import { setConversationsReadOnly } from "../../lib/rooms";
import { communityView, lastPlanOrder, unpaidPlanOf } from "./community-view";
import { archiveSteps, goFreeSteps } from "../../lib/membership";
import { assertOwnImages, changesPricing, createCommunity, ownImages, updateCommunity } from "./community-writes";
import { exploreCommunities } from "./explore.queries";
import { assertJoinable, assertJoined, joinWrites, paidJoin } from "./join-writes";

/** What creating a community answers, read back for a retried create. */
async function createdCommunity(db: Db, id: string) {
  const row = await db
    .select({ id: communitiesTable.id, name: communitiesTable.name, reviewStatus: communitiesTable.reviewStatus })
    .from(communitiesTable)
    .where(eq(communitiesTable.id, id))
    .get();
  if (!row) throw notFound("Community not found.");
  return {
    community: { id: row.id, name: row.name, reviewStatus: row.reviewStatus },
    pointsEarned: pointValues.community_created,
  };
}

export const communitiesRoutes = [
  route(communities.explore, async (c) => {
    const token = await readSessionToken(c.env, c.req.raw.headers);
    return respond(c, communities.explore, await exploreCommunities(c.var.db, c.req.valid("query"), token ? { token } : null));
  }),
  route(communities.create, async (c) => {
    const body = c.req.valid("json");
    // The session, the Idempotency-Key's claim, the rate limit and the images in one round trip, then
    // the community in one batch.
    const db = c.var.db;
    const token = await sessionToken(c);
    const session = sessionStatement(db, token);
    const once = await idempotency(db, {
      key: c.req.valid("header")["idempotency-key"],
      scope: communities.create.route,
      request: body,
      owner: sessionUserId(token),
    });
    const limit = hitStatement(db, rateLimitRules.communityCreate, once.ifNew(sessionUserId(token)));
    const images = ownImages(db, sessionUserId(token), body.imageUrls);
    const checks = await batch(db, [session, ...once.lookup, limit, ...(images ? [images] : [])]);
    const user = sessionUserFrom(c, checks(session));
    if (!user) throw unauthenticated();
    const earlier = once.earlier(checks);
    if (earlier) return respond(c, communities.create, await createdCommunity(db, earlier));
    assertUnderLimit(rateLimitRules.communityCreate, checks(limit));
    assertOwnImages(images && checks(images), body.imageUrls);
    const { id, steps } = createCommunity(db, user.id, body);
    const written = await commitOnce(c, once, { userId: user.id, resourceId: id }, { steps });
    if ("earlier" in written) return respond(c, communities.create, await createdCommunity(db, written.earlier));
    return respond(c, communities.create, {
      community: { id, name: body.name, reviewStatus: "under_review" },
      pointsEarned: pointValues.community_created,
    });
  }),
  route(communities.get, async (c) => {
    const db = c.var.db;
    const id = c.req.valid("param").id;
    const token = await readSessionToken(c.env, c.req.raw.headers);
    if (!token) {
      const { actor, row: found } = await load(c, communityFor(db, null, id));
      return respond(c, communities.get, communityView(visibleCommunity(actor, found), actor));
    }
    // The owner's latest plan payment rides along in the same round trip (see unpaidPlanOf).
    const found = communityFor(db, token, id);
    const plan = lastPlanOrder(db, id, sessionUserId(token));
    const read = await batch(db, [found.query, plan]);
    const { actor, row: maybe } = found.read(c, read(found.query));
    const row = visibleCommunity(actor, maybe);
    return respond(c, communities.get, communityView(row, actor, unpaidPlanOf(row, actor, read(plan)[0])));
  }),
  route(communities.update, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const id = c.req.valid("param").id;
    const body = c.req.valid("json");
    const found = communityFor(db, token, id);
    const images = body.imageUrls ? ownImages(db, sessionUserId(token), body.imageUrls) : null;
    const checks = await batch(db, [found.query, ...(images ? [images] : [])]);
    const { user, actor, row: maybe } = found.read(c, checks(found.query));
    if (!user) throw unauthenticated();
    const row = visibleCommunity(actor, maybe);
    assertWritable(row);
    if (!canManageContent(actor, row, row.membership)) throw forbidden("Only the owner and admins can edit this community.");
    if (changesPricing(body, row) && !canOwn(actor, row, row.membership))
      throw forbidden("Only the owner can change the community's price.");
    // A price is set (or changed) only on a plan with paid memberships: 403, like the other refusals of
    // an edit the caller may not make. Going free is always allowed, and an edit that leaves the stored
    // price alone goes through on any plan (a community moved down to Free keeps its price).
    if (changesPricing(body, row) && (body.isPaid ?? row.isPaid)) assertFeature(row, "paidMemberships");
    // Images already on the community, or in its edit waiting for review, were checked when first sent.
    if (body.imageUrls)
      assertOwnImages(images && checks(images), body.imageUrls, [...row.imageUrls, ...(row.pendingEdit?.imageUrls ?? [])]);
    const update = updateCommunity(db, row, body, { resubmit: row.reviewStatus === "rejected" && row.creatorId === user.id });
    const after = communityStatement(db, token, row.id);
    const plan = lastPlanOrder(db, row.id, sql`${user.id}`);
    // Paid -> free ends the running subscriptions with the switch. Free -> paid changes no membership:
    // whoever is in stays a free member (no access_until) until they leave.
    const goesFree = row.isPaid && body.isPaid === false;
    const read = await commit(c, {
      steps: [...(goesFree ? goFreeSteps(db, row.id, Date.now()) : []), update, after, plan],
    });
    const updated = toCommunityRow(read(after))!;
    return respond(c, communities.update, communityView(updated, actor, unpaidPlanOf(updated, actor, read(plan)[0])));
  }),
  route(communities.join, async (c) => {
    // Two round trips: the caller with the community, then the join batch, which reads the result back.
    const db = c.var.db;
    const token = await sessionToken(c);
    const found = await load(c, communityFor(db, token, c.req.valid("param").id));
    const { user, actor } = found;
    if (!user) throw unauthenticated();
    const row = visibleCommunity(actor, found.row);
    assertJoinable(row);
    if (row.isPaid) throw paidJoin();
    const join = joinWrites(db, row, user.id);
    const readAfter = communityStatement(db, token, row.id);
    const read = await commit(c, { steps: [...join.steps, readAfter] });
    const after = toCommunityRow(read(readAfter));
    assertJoined(after, join.joinedAt);
    return respond(c, communities.join, communityView(after, actor));
  }),
  route(communities.archive, (c) => setArchived(c, c.req.valid("param").id, true)),
  route(communities.unarchive, (c) => setArchived(c, c.req.valid("param").id, false)),
  route(communities.setRole, async (c) => {
    const db = c.var.db;
    const { id, userId } = c.req.valid("param");
    const { user, ...access } = await load(c, viewerOf(db, await sessionToken(c), id));
    if (!user) throw unauthenticated();
    const community = visibleCommunity(access.actor, access.community);
    if (!canOwn(access.actor, community, access.membership)) throw forbidden("Only the owner can change member roles.");
    assertWritable(community);
    if (userId === community.creatorId) throw new AppError("CONFLICT", "The owner's role cannot be changed.");
    const { role } = c.req.valid("json");
    // A "change" to the same role updates nothing and notifies nobody; the member row tells 404 from that.
    const member = and(eq(communityMembers.communityId, community.id), eq(communityMembers.profileId, userId));
    const changed = db
      .update(communityMembers)
      .set({ role })
      .where(and(member, ne(communityMembers.role, role)))
      .returning({ profileId: communityMembers.profileId });
    const exists = db.select({ role: communityMembers.role }).from(communityMembers).where(member);
    const read = await commit(c, {
      steps: [
        notify({
          recipientId: userId,
          senderId: user.id,
          communityId: community.id,
          type: "COMMUNITY_ROLE_CHANGE",
          data: { role },
          // Runs before the update in the batch: a "change" to the role the member already has (or of
          // someone who is not a member) writes no notification.
          onlyIf: sql`exists (select 1 from ${communityMembers} where ${communityMembers.communityId} = ${community.id}
            and ${communityMembers.profileId} = ${userId} and ${communityMembers.role} != ${role})`,
        }),
        changed,
        exists,
      ],
    });
    if (read(exists).length === 0) throw notFound("Member not found.");
    return respond(c, communities.setRole, { userId, role });
  }),
];

async function setArchived(c: Context<HonoEnv>, id: string, archived: boolean) {
  const db = c.var.db;
  const { user, ...access } = await load(c, viewerOf(db, await sessionToken(c), id));
  if (!user) throw unauthenticated();
  const community = visibleCommunity(access.actor, access.community);
  if (!canOwn(access.actor, community, access.membership))
    throw forbidden("Only the owner can archive or unarchive this community.");
  const now = Date.now();
  // Archiving stops billing with it (membership.ts `archiveSteps`). Unarchiving restarts no subscription:
  // each member chooses to be charged again (resubscribe while their period runs, or join again).
  const groups = db
    .select({ id: conversationsTable.id })
    .from(conversationsTable)
    .where(and(eq(conversationsTable.communityId, id), eq(conversationsTable.type, "group")));
  const read = await commit(c, {
    steps: [
      db.update(communitiesTable).set({ archived, updatedAt: now }).where(eq(communitiesTable.id, id)),
      ...(archived ? archiveSteps(db, id, now) : []),
      groups,
    ],
  });
  // Its group chats' rooms stop (or resume) taking messages through their sockets.
  await setConversationsReadOnly(
    c.env,
    read(groups).map((g) => g.id),
    archived,
  );
  return respond(c, archived ? communities.archive : communities.unarchive, { id, archived });
}
