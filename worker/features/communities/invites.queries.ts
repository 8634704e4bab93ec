import { and, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { InviteLinkState } from "../../../common/contract/enums";
import type { InviteLink } from "../../../common/contract/invites";
import { blockedBetween } from "../../lib/access";
import type { Db, ResultOf } from "../../lib/db";
import { AppError } from "../../lib/errors";
import { peopleNamed } from "../../lib/full-text";
import { bareList, firstRow, returningAs, type SelectAsRow, type Stored } from "../../lib/sql-names";
import { communityInvitations, communityInviteLinks, communityMembers, users } from "../../lib/tables";
import { INVITE_CANDIDATES_MAX, INVITE_LINKS_MAX } from "../../../common/contract/limits";

const links = communityInviteLinks;
const l = alias(links, "l");

/** An invite link's columns under the keys its readers use. */
const linkFields = {
  id: l.id,
  community_id: l.communityId,
  token: l.token,
  created_by: l.createdBy,
  expires_at: l.expiresAt,
  max_uses: l.maxUses,
  uses_count: l.usesCount,
  revoked_at: l.revokedAt,
  created_at: l.createdAt,
};

export type InviteLinkRow = SelectAsRow<typeof linkFields>;

/** For RETURNING, which takes no table alias. */
export const returnedLink = returningAs(linkFields);

/** Revoked first (a decision), then expired, then used up. */
export function linkState(l: InviteLinkRow, now = Date.now()): InviteLinkState {
  if (l.revoked_at !== null) return "revoked";
  if (l.expires_at !== null && l.expires_at <= now) return "expired";
  if (l.max_uses !== null && l.uses_count >= l.max_uses) return "used_up";
  return "open";
}

/** The same test as `linkState(...) === "open"`, for the batch that joins through the link. */
export const linkOpen = (linkId: string, now = Date.now()) =>
  sql`exists (select 1 from ${links} where ${links.id} = ${linkId} and ${links.revokedAt} is null
    and (${links.expiresAt} is null or ${links.expiresAt} > ${now}) and (${links.maxUses} is null or ${links.usesCount} < ${links.maxUses}))`;

const closedMessages: Record<Exclude<InviteLinkState, "open">, string> = {
  expired: "This invite link has expired.",
  revoked: "This invite link has been revoked.",
  used_up: "This invite link has reached its limit of uses.",
};

export function assertLinkOpen(l: InviteLinkRow) {
  const state = linkState(l);
  if (state !== "open") throw new AppError("CONFLICT", closedMessages[state]);
}

export const toInviteLink = (l: InviteLinkRow): InviteLink => ({
  id: l.id,
  token: l.token,
  state: linkState(l),
  expiresAt: l.expires_at,
  maxUses: l.max_uses,
  usesCount: l.uses_count,
  revokedAt: l.revoked_at,
  createdAt: l.created_at,
});

/** The community an invite link leads to, as a subquery (null for an unknown token). */
export const linkCommunity = (token: string): SQL =>
  sql`(select ${links.communityId} from ${links} where ${links.token} = ${token})`;

export const linkByToken = (db: Db, token: string) =>
  firstRow(
    db
      .select({ ...linkFields, inviter_name: users.fullName, inviter_avatar: users.avatarUrl })
      .from(l)
      .leftJoin(users, eq(users.id, l.createdBy))
      .where(eq(l.token, token)),
  );

export type LinkWithInviter = NonNullable<ResultOf<ReturnType<typeof linkByToken>>>;

export const linkById = (db: Db, communityId: string, linkId: string) =>
  firstRow(
    db
      .select(linkFields)
      .from(l)
      .where(and(eq(l.id, linkId), eq(l.communityId, communityId))),
  );

/** Newest first; the list is bounded because creating one past the limit is refused. */
export const communityLinks = (db: Db, communityId: string) =>
  db
    .select(linkFields)
    .from(l)
    .where(eq(l.communityId, communityId))
    .orderBy(desc(l.createdAt), desc(l.id))
    .limit(INVITE_LINKS_MAX);

/** A new link, written only while the community keeps fewer than the most links it may have. */
export const insertLink = (
  db: Db,
  link: { id: string; communityId: string; token: string; createdBy: string; expiresAt: number | null; maxUses: number | null },
) =>
  db.all<InviteLinkRow>(
    sql`insert into ${links} (${bareList(links.id, links.communityId, links.token, links.createdBy, links.expiresAt, links.maxUses, links.usesCount, links.createdAt)})
        select ${link.id}, ${link.communityId}, ${link.token}, ${link.createdBy}, ${link.expiresAt}, ${link.maxUses}, 0, ${Date.now()}
        where (select count(*) from ${links} where ${links.communityId} = ${link.communityId}) < ${INVITE_LINKS_MAX}
        returning ${returnedLink}`,
  );

/**
 * People to invite whose name matches the search (the people index, as the new-chat list reads it),
 * with whether they are in or invited. Nobody on either side of a block with the inviter is offered.
 */
export function inviteCandidates(db: Db, communityId: string, me: SQL, q: string) {
  const named = peopleNamed(q);
  if (!named) return null;
  const m = communityMembers;
  const i = communityInvitations;
  return db
    .select({
      id: users.id,
      full_name: users.fullName,
      avatar_url: users.avatarUrl,
      status: sql<"member" | "invited" | "none">`case when ${m.profileId} is not null then 'member'
        when ${i.status} = 'pending' then 'invited' else 'none' end`,
    })
    .from(users)
    .leftJoin(m, and(eq(m.communityId, communityId), eq(m.profileId, users.id)))
    .leftJoin(i, and(eq(i.communityId, communityId), eq(i.inviteeId, users.id)))
    .where(and(sql`${users.id} in ${named}`, ne(users.id, me), sql`not ${blockedBetween(me, users.id)}`))
    .orderBy(sql`${users.fullName} collate nocase`, users.id)
    .limit(INVITE_CANDIDATES_MAX);
}

/** The person invited by name: whether they exist for the inviter, are in, or hold an open invitation. */
export const inviteeFacts = (db: Db, communityId: string, me: SQL, userId: string) => {
  const m = communityMembers;
  const i = communityInvitations;
  return firstRow(
    db
      .select({
        id: users.id,
        blocked: sql<0 | 1>`${blockedBetween(me, users.id)}`,
        member: sql<0 | 1>`exists (select 1 from ${m} where ${m.communityId} = ${communityId} and ${m.profileId} = ${users.id})`,
        status: sql<Stored<
          typeof i.status
        > | null>`(select ${i.status} from ${i} where ${i.communityId} = ${communityId} and ${i.inviteeId} = ${users.id})`,
      })
      .from(users)
      .where(eq(users.id, userId)),
  );
};

/** The caller's invitation to a community (its status, or no row). */
export const myInvitation = (db: Db, communityId: string, me: SQL) =>
  firstRow(
    db
      .select({ status: communityInvitations.status })
      .from(communityInvitations)
      .where(and(eq(communityInvitations.communityId, communityId), eq(communityInvitations.inviteeId, me))),
  );
