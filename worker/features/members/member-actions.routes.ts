import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Context } from "hono";
import { members } from "../../../common/contract/members";
import type { BanContentPolicy } from "../../../common/contract/enums";
import type { HonoEnv } from "../../env";
import { memberOf, viewerOf } from "../../lib/access";
import { commit } from "../../lib/commit";
import { batch } from "../../lib/db";
import { AppError, forbidden, notFound, unauthenticated } from "../../lib/errors";
import { endMembership, mayRemove, type Ending } from "../../lib/membership";
import { canManage, communityRole } from "../../lib/permissions";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import type { Frame } from "../../lib/rooms";
import { sessionToken } from "../../lib/session";
import { communityBans, communityMembers, posts, users } from "../../lib/tables";

const memberRow = (communityId: string, userId: string) =>
  and(eq(communityMembers.communityId, communityId), eq(communityMembers.profileId, userId));

const changedMeanwhile = () => new AppError("CONFLICT", "This membership changed meanwhile. Reload and try again.");

/**
 * Removes or bans a member. One round trip reads the caller, the member and (for a ban that deletes
 * content) their posts' ids; one batch ends the membership on every channel (membership.ts).
 */
async function takeOut(
  c: Context<HonoEnv>,
  ending: Exclude<Ending, "left">,
  body: { reason?: string; content?: BanContentPolicy },
) {
  const db = c.var.db;
  const { id: communityId, userId } = c.req.param() as { id: string; userId: string };
  const caller = memberOf(db, await sessionToken(c), communityId);
  const target = db.select({ role: communityMembers.role }).from(communityMembers).where(memberRow(communityId, userId));
  const theirPosts = db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.communityId, communityId), eq(posts.authorId, userId)));
  const deletes = ending === "banned" && body.content === "delete";
  const read = await batch(db, [caller.query, target, ...(deletes ? [theirPosts] : [])]);
  const me = caller.read(c, read(caller.query));
  const found = read(target)[0];
  if (!found) throw notFound("Member not found.");
  if (userId === me.user.id) throw new AppError("CONFLICT", "You cannot remove yourself. Leave the community instead.");
  const targetRole = userId === me.community.creatorId ? "owner" : found.role;
  if (!mayRemove(communityRole(me.actor, me.community, me.membership), targetRole)) {
    throw forbidden(ending === "banned" ? "You cannot ban this member." : "You cannot remove this member.");
  }
  const reason = body.reason?.trim() || null;
  const { steps, ended } = endMembership(db, {
    communityId,
    userId,
    role: found.role,
    ending,
    by: me.user.id,
    reason,
    content: body.content,
    now: Date.now(),
  });
  const outcome = db.get<{ ended: 0 | 1 }>(sql`select ${ended} as ended`);
  const deleted = deletes ? read(theirPosts) : [];
  const after = await commit(c, {
    steps: [...steps, outcome],
    frames: () =>
      deleted.map((p): Frame => ({ room: "community", id: communityId, event: { type: "post.deleted", postId: p.id } })),
  });
  if (after(outcome)?.ended !== 1) throw changedMeanwhile();
}

const bannedBy = alias(users, "banned_by_user");

export const memberActionsRoutes = [
  route(members.remove, async (c) => {
    await takeOut(c, "removed", c.req.valid("json"));
    return respond(c, members.remove, { ok: true });
  }),
  route(members.ban, async (c) => {
    await takeOut(c, "banned", c.req.valid("json"));
    return respond(c, members.ban, { ok: true });
  }),
  // Owner and admins: who is banned, by whom, when and why. One round trip.
  route(members.bans, async (c) => {
    const db = c.var.db;
    const communityId = c.req.valid("param").id;
    const caller = memberOf(db, await sessionToken(c), communityId);
    const list = db
      .select({
        userId: communityBans.userId,
        fullName: users.fullName,
        avatarUrl: users.avatarUrl,
        reason: communityBans.reason,
        bannedAt: communityBans.createdAt,
        // Named: a batch maps its rows by column name, and both people have an id and a full name.
        byId: sql<string | null>`${bannedBy.id}`.as("banned_by_id"),
        byName: sql<string | null>`${bannedBy.fullName}`.as("banned_by_name"),
      })
      .from(communityBans)
      .innerJoin(users, eq(users.id, communityBans.userId))
      .leftJoin(bannedBy, eq(bannedBy.id, communityBans.bannedBy))
      .where(eq(communityBans.communityId, communityId))
      .orderBy(desc(communityBans.createdAt))
      .limit(500);
    const read = await batch(db, [caller.query, list]);
    const me = caller.read(c, read(caller.query));
    if (!canManage(me.actor, me.community, me.membership)) throw forbidden("Only the owner and admins can see who is banned.");
    return respond(c, members.bans, {
      items: read(list).map((b) => ({
        userId: b.userId,
        fullName: b.fullName,
        avatarUrl: b.avatarUrl,
        reason: b.reason,
        bannedAt: b.bannedAt,
        bannedBy: b.byId ? { id: b.byId, fullName: b.byName ?? "" } : null,
      })),
    });
  }),
  // Owner and admins lift a ban; the person may then join again (nothing else comes back).
  route(members.unban, async (c) => {
    const db = c.var.db;
    const { id: communityId, userId } = c.req.valid("param");
    const caller = memberOf(db, await sessionToken(c), communityId);
    const me = caller.read(c, await caller.query);
    if (!canManage(me.actor, me.community, me.membership)) throw forbidden("Only the owner and admins can lift a ban.");
    const lifted = await db
      .delete(communityBans)
      .where(and(eq(communityBans.communityId, communityId), eq(communityBans.userId, userId)))
      .returning({ userId: communityBans.userId });
    if (lifted.length === 0) throw notFound("This person is not banned.");
    return respond(c, members.unban, { ok: true });
  }),
  // A member leaves; their subscription ends with the membership, so nothing more is charged.
  route(members.leave, async (c) => {
    const db = c.var.db;
    const communityId = c.req.valid("param").id;
    const viewer = viewerOf(db, await sessionToken(c), communityId);
    const { user, community, membership } = viewer.read(c, await viewer.query);
    if (!user) throw unauthenticated();
    if (!community || !membership) throw notFound("You are not a member of this community.");
    if (community.creatorId === user.id) throw new AppError("CONFLICT", "The owner cannot leave their own community.");
    const { steps, ended } = endMembership(db, {
      communityId,
      userId: user.id,
      role: membership.role,
      ending: "left",
      by: null,
      now: Date.now(),
    });
    const outcome = db.get<{ ended: 0 | 1 }>(sql`select ${ended} as ended`);
    const after = await commit(c, { steps: [...steps, outcome] });
    if (after(outcome)?.ended !== 1) throw changedMeanwhile();
    return respond(c, members.leave, { ok: true });
  }),
];
