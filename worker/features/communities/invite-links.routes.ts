import { and, eq, sql } from "drizzle-orm";
import { newId } from "../../../common/ids";
import { invites } from "../../../common/contract/invites";
import { load, viewerOf, visibleCommunity } from "../../lib/access";
import { batch, type Db } from "../../lib/db";
import { AppError, notFound, unauthenticated } from "../../lib/errors";
import { randomToken } from "../../lib/random-token";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { sessionToken } from "../../lib/session";
import { readSessionToken } from "../../lib/session-cookie";
import { commit } from "../../lib/commit";
import { bare, bareList } from "../../lib/sql-names";
import { communityInviteLinks as links, membershipRequests as requests } from "../../lib/tables";
import { communityFor, communityStatement, toCommunityRow } from "../../lib/community-row";
import { communityView } from "./community-view";
import { assertInvitable, managedCommunity } from "./invite.access";
import {
  assertLinkOpen,
  communityLinks,
  insertLink,
  linkById,
  linkByToken,
  linkCommunity,
  linkOpen,
  linkState,
  returnedLink,
  toInviteLink,
  type InviteLinkRow,
} from "./invites.queries";
import { assertJoinable, assertJoined, joinWrites, paidJoin } from "./join-writes";
import { INVITE_LINKS_MAX } from "../../../common/contract/limits";

const DAY = 24 * 60 * 60 * 1000;

/**
 * The link holder's request to join, approved by the link (a pending one, or a new one), and the link's
 * use counted if it was: all only while the link is open. One batch.
 */
function admitByLink(db: Db, communityId: string, userId: string, linkId: string, linkCreator: string | null) {
  const now = Date.now();
  const mine = and(eq(requests.communityId, communityId), eq(requests.userId, userId));
  const admitted = sql`exists (select 1 from ${requests} where ${mine} and ${requests.status} = 'approved' and ${requests.decidedAt} = ${now})`;
  return [
    db
      .update(requests)
      .set({ status: "approved", decidedBy: linkCreator, decidedAt: now, updatedAt: now })
      .where(and(mine, eq(requests.status, "pending"), linkOpen(linkId))),
    db.run(
      sql`insert into ${requests} (${bareList(requests.id, requests.communityId, requests.userId, requests.status, requests.decidedBy, requests.decidedAt, requests.createdAt, requests.updatedAt)})
          select ${newId()}, ${communityId}, ${userId}, 'approved', ${linkCreator}, ${now}, ${now}, ${now}
          where ${linkOpen(linkId)} and not ${admitted}`,
    ),
    db.run(
      sql`update ${links} set ${bare(links.usesCount)} = ${links.usesCount} + 1 where ${links.id} = ${linkId} and ${admitted}`,
    ),
  ] as const;
}
const unknownLink = () => notFound("This invite link is not valid.");

/** /api/communities/:id/invite-links: the links the owner and admins share, with their uses; new ones and revoking. */
export const inviteLinksRoutes = [
  route(invites.listLinks, async (c) => {
    const db = c.var.db;
    const { id } = c.req.valid("param");
    const access = viewerOf(db, await sessionToken(c), id);
    const links = communityLinks(db, id);
    const read = await batch(db, [access.query, links]);
    const { user, ...facts } = access.read(c, read(access.query));
    if (!user) throw unauthenticated();
    managedCommunity(facts);
    return respond(c, invites.listLinks, { items: read(links).map(toInviteLink) });
  }),
  route(invites.createLink, async (c) => {
    const db = c.var.db;
    const { id } = c.req.valid("param");
    const { expiresInDays, maxUses } = c.req.valid("json");
    const { user, ...facts } = await load(c, viewerOf(db, await sessionToken(c), id));
    if (!user) throw unauthenticated();
    assertInvitable(managedCommunity(facts));
    const [link] = await insertLink(db, {
      id: newId(),
      communityId: id,
      token: randomToken(),
      createdBy: user.id,
      expiresAt: expiresInDays === null ? null : Date.now() + expiresInDays * DAY,
      maxUses,
    });
    if (!link)
      throw new AppError("CONFLICT", `A community can have at most ${INVITE_LINKS_MAX} invite links.`, {
        issues: [{ path: "maxUses", message: `At most ${INVITE_LINKS_MAX} invite links` }],
      });
    return respond(c, invites.createLink, { link: toInviteLink(link) });
  }),
  route(invites.revokeLink, async (c) => {
    const db = c.var.db;
    const { id, linkId } = c.req.valid("param");
    const access = viewerOf(db, await sessionToken(c), id);
    const link = linkById(db, id, linkId);
    const checks = await batch(db, [access.query, link]);
    const { user, ...facts } = access.read(c, checks(access.query));
    if (!user) throw unauthenticated();
    managedCommunity(facts);
    if (!checks(link)) throw notFound("Invite link not found.");
    // Revoking twice keeps the first time.
    const [revoked] = await db.all<InviteLinkRow>(
      sql`update ${links} set ${bare(links.revokedAt)} = coalesce(${links.revokedAt}, ${Date.now()})
          where ${links.id} = ${linkId} and ${links.communityId} = ${id} returning ${returnedLink}`,
    );
    if (!revoked) throw notFound("Invite link not found.");
    return respond(c, invites.revokeLink, { link: toInviteLink(revoked) });
  }),
];

/**
 * /api/invites/:token: what an invite link leads to, for anyone holding it (the community's page shows
 * it with a join button), and joining through it while it is open, within the plan's member limit.
 */
export const inviteRoutes = [
  route(invites.open, async (c) => {
    const db = c.var.db;
    const { token: link } = c.req.valid("param");
    const found = communityFor(db, await readSessionToken(c.env, c.req.raw.headers), linkCommunity(link));
    const row = linkByToken(db, link);
    const read = await batch(db, [found.query, row]);
    const { actor, row: community } = found.read(c, read(found.query));
    const l = read(row);
    if (!l) throw unknownLink();
    const visible = visibleCommunity(actor, community);
    return respond(c, invites.open, {
      state: linkState(l),
      expiresAt: l.expires_at,
      inviter: l.created_by ? { id: l.created_by, fullName: l.inviter_name ?? "", avatarUrl: l.inviter_avatar } : null,
      view: communityView(visible, actor, null, { link: linkState(l) === "open" }),
    });
  }),
  route(invites.join, async (c) => {
    // Two round trips: the caller, the community and the link; then the join, which counts the use
    // only if the link was still open and the member limit let the caller in.
    const db = c.var.db;
    const { token: link } = c.req.valid("param");
    const token = await sessionToken(c);
    const found = communityFor(db, token, linkCommunity(link));
    const row = linkByToken(db, link);
    const checks = await batch(db, [found.query, row]);
    const { user, actor, row: maybe } = found.read(c, checks(found.query));
    if (!user) throw unauthenticated();
    const l = checks(row);
    if (!l) throw unknownLink();
    const community = visibleCommunity(actor, maybe);
    assertJoinable(community, { invited: true });
    assertLinkOpen(l);
    if (community.isPaid) {
      // A private community sells its membership only to people it admitted: the open link admits its
      // holder as an approved request would (the use counted then, once), and the payment screen follows.
      if (community.visibility === "private" && community.request?.status !== "approved") {
        await batch(db, [...admitByLink(db, community.id, user.id, l.id, l.created_by)]);
      }
      throw paidJoin();
    }
    const join = joinWrites(db, community, user.id, linkOpen(l.id));
    const readAfter = communityStatement(db, token, community.id);
    const again = linkByToken(db, link);
    const read = await commit(c, {
      steps: [
        ...join.steps,
        db.run(
          sql`update ${links} set ${bare(links.usesCount)} = ${links.usesCount} + 1 where ${links.id} = ${l.id} and ${join.joined}`,
        ),
        readAfter,
        again,
      ],
    });
    const after = toCommunityRow(read(readAfter));
    // Someone else may have taken the link's last use in the meantime.
    if (!after?.membership) assertLinkOpen(read(again) ?? l);
    assertJoined(after, join.joinedAt);
    return respond(c, invites.join, communityView(after, actor));
  }),
];
