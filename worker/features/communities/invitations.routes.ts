import { and, eq, sql } from "drizzle-orm";
import { invites } from "../../../common/contract/invites";
import { viewerOf, visibleCommunity } from "../../lib/access";
import { batch } from "../../lib/db";
import { AppError, notFound, unauthenticated } from "../../lib/errors";
import { assertUnderLimit, hitStatement, rateLimitRules } from "../../lib/rate-limit";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { sessionStatement, sessionToken, sessionUserFrom, sessionUserId } from "../../lib/session";
import { commit, notify } from "../../lib/commit";
import { excluded } from "../../lib/sql-names";
import { communityInvitations } from "../../lib/tables";
import { communityFor, communityStatement, toCommunityRow } from "../../lib/community-row";
import { assertInvitable, managedCommunity } from "./invite.access";
import { inviteCandidates, inviteeFacts, myInvitation } from "./invites.queries";
import { assertJoinable, assertJoined, joinWrites } from "./join-writes";

const noInvitation = () => notFound("There is no open invitation to this community.");

/**
 * /api/communities/:id/…: the owner and admins find people and invite them by name (a COMMUNITY_INVITE
 * notification, pushed live); the invited person accepts (joins, within the plan's member limit) or
 * declines from that notification.
 */
export const invitationsRoutes = [
  route(invites.candidates, async (c) => {
    // One round trip: the access check and the search, answered only once access holds.
    const db = c.var.db;
    const token = await sessionToken(c);
    const { id } = c.req.valid("param");
    const access = viewerOf(db, token, id);
    const people = inviteCandidates(db, id, sessionUserId(token), c.req.valid("query").q);
    const read = await batch(db, [access.query, ...(people ? [people] : [])]);
    const { user, ...facts } = access.read(c, read(access.query));
    if (!user) throw unauthenticated();
    managedCommunity(facts);
    return respond(c, invites.candidates, {
      people: (people ? read(people) : []).map((p) => ({
        id: p.id,
        fullName: p.full_name,
        avatarUrl: p.avatar_url,
        status: p.status,
      })),
    });
  }),
  route(invites.invite, async (c) => {
    // Two round trips: the caller, the community, the person and the rate limit; then the invitation
    // with its notification, which is written only when the invitation was (re)opened.
    const db = c.var.db;
    const token = await sessionToken(c);
    const { id } = c.req.valid("param");
    const { userId } = c.req.valid("json");
    const access = viewerOf(db, token, id);
    const person = inviteeFacts(db, id, sessionUserId(token), userId);
    const limit = hitStatement(db, rateLimitRules.invitations, sessionUserId(token));
    const checks = await batch(db, [access.query, person, limit]);
    const { user, ...facts } = access.read(c, checks(access.query));
    if (!user) throw unauthenticated();
    const community = managedCommunity(facts);
    assertInvitable(community);
    assertUnderLimit(rateLimitRules.invitations, checks(limit));
    const found = checks(person);
    if (!found || found.blocked === 1) throw notFound("User not found.");
    if (found.member === 1) throw new AppError("ALREADY_MEMBER", "This person is already a member of the community.");
    if (found.status === "pending") throw new AppError("CONFLICT", "This person has already been invited.");
    const now = Date.now();
    await commit(c, {
      steps: [
        db
          .insert(communityInvitations)
          .values({
            communityId: id,
            inviteeId: userId,
            inviterId: user.id,
            status: "pending",
            createdAt: now,
            respondedAt: null,
          })
          .onConflictDoUpdate({
            target: [communityInvitations.communityId, communityInvitations.inviteeId],
            set: {
              inviterId: excluded(communityInvitations.inviterId),
              status: "pending",
              createdAt: excluded(communityInvitations.createdAt),
              respondedAt: null,
            },
            setWhere: sql`${communityInvitations.status} <> 'pending'`,
          }),
        // Right after the upsert: changes() is its count, so an invitation that was already open notifies nobody.
        notify({ recipientId: userId, senderId: user.id, communityId: id, type: "COMMUNITY_INVITE", onlyIf: sql`changes() = 1` }),
      ],
    });
    return respond(c, invites.invite, { userId, status: "pending" });
  }),
  route(invites.accept, async (c) => {
    // Two round trips: the caller, the community and the invitation; then the join, which reads the
    // membership back (the member limit may have kept the caller out).
    const db = c.var.db;
    const token = await sessionToken(c);
    const { id } = c.req.valid("param");
    const found = communityFor(db, token, id);
    const invitation = myInvitation(db, id, sessionUserId(token));
    const checks = await batch(db, [found.query, invitation]);
    const { user, actor, row: maybe } = found.read(c, checks(found.query));
    if (!user) throw unauthenticated();
    const row = visibleCommunity(actor, maybe);
    if (checks(invitation)?.status !== "pending") throw noInvitation();
    const accepted = (condition = sql`1`) =>
      db
        .update(communityInvitations)
        .set({ status: "accepted", respondedAt: Date.now() })
        .where(
          and(
            eq(communityInvitations.communityId, id),
            eq(communityInvitations.inviteeId, user.id),
            eq(communityInvitations.status, "pending"),
            condition,
          ),
        );
    if (row.membership) {
      await accepted();
      return respond(c, invites.accept, { communityId: id, result: "joined" });
    }
    assertJoinable(row, { invited: true });
    // An invitation does not waive the price: the payment screen makes the membership.
    if (row.isPaid) return respond(c, invites.accept, { communityId: id, result: "payment" });
    const join = joinWrites(db, row, user.id);
    const readAfter = communityStatement(db, token, id);
    const read = await commit(c, { steps: [...join.steps, accepted(join.joined), readAfter] });
    assertJoined(toCommunityRow(read(readAfter)), join.joinedAt);
    return respond(c, invites.accept, { communityId: id, result: "joined" });
  }),
  route(invites.decline, async (c) => {
    // One round trip: the session and the answer, which only an open invitation of the caller's takes.
    const db = c.var.db;
    const token = await sessionToken(c);
    const { id } = c.req.valid("param");
    const session = sessionStatement(db, token);
    const declined = db
      .update(communityInvitations)
      .set({ status: "declined", respondedAt: Date.now() })
      .where(
        and(
          eq(communityInvitations.communityId, id),
          eq(communityInvitations.inviteeId, sessionUserId(token)),
          eq(communityInvitations.status, "pending"),
        ),
      )
      .returning({ communityId: communityInvitations.communityId });
    const read = await batch(db, [session, declined]);
    if (!sessionUserFrom(c, read(session))) throw unauthenticated();
    if (read(declined).length === 0) throw noInvitation();
    return respond(c, invites.decline, { ok: true });
  }),
];
