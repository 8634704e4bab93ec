import { sql, type SQL } from "drizzle-orm";
import type { InviteLinkState } from "../../../common/contract/enums";
import type { InviteLink } from "../../../common/contract/invites";
import { blockedBetween } from "../../lib/access";
import type { Db } from "../../lib/db";
import { AppError } from "../../lib/errors";
import { peopleNamed } from "../../lib/full-text";
import { INVITE_CANDIDATES_MAX, INVITE_LINKS_MAX } from "../../../common/contract/limits";

export type InviteLinkRow = {
  id: string;
  community_id: string;
  token: string;
  created_by: string | null;
  expires_at: number | null;
  max_uses: number | null;
  uses_count: number;
  revoked_at: number | null;
  created_at: number;
};

const columnNames = [
  "id",
  "community_id",
  "token",
  "created_by",
  "expires_at",
  "max_uses",
  "uses_count",
  "revoked_at",
  "created_at",
];
const linkColumns = sql.raw(columnNames.map((name) => `l.${name}`).join(", "));
/** For RETURNING, which takes no table alias. */
export const returnedLink = sql.raw(columnNames.join(", "));

/** Revoked first (a decision), then expired, then used up. */
export function linkState(l: InviteLinkRow, now = Date.now()): InviteLinkState {
  if (l.revoked_at !== null) return "revoked";
  if (l.expires_at !== null && l.expires_at <= now) return "expired";
  if (l.max_uses !== null && l.uses_count >= l.max_uses) return "used_up";
  return "open";
}

/** The same test as `linkState(...) === "open"`, for the batch that joins through the link. */
export const linkOpen = (linkId: string, now = Date.now()) =>
  sql`exists (select 1 from community_invite_links where id = ${linkId} and revoked_at is null
    and (expires_at is null or expires_at > ${now}) and (max_uses is null or uses_count < max_uses))`;

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
  sql`(select community_id from community_invite_links where token = ${token})`;

export type LinkWithInviter = InviteLinkRow & { inviter_name: string | null; inviter_avatar: string | null };

export const linkByToken = (db: Db, token: string) =>
  db.get<LinkWithInviter | undefined>(
    sql`select ${linkColumns}, u.full_name as inviter_name, u.avatar_url as inviter_avatar
        from community_invite_links l left join users u on u.id = l.created_by where l.token = ${token}`,
  );

export const linkById = (db: Db, communityId: string, linkId: string) =>
  db.get<InviteLinkRow | undefined>(
    sql`select ${linkColumns} from community_invite_links l where l.id = ${linkId} and l.community_id = ${communityId}`,
  );

/** Newest first; the list is bounded because creating one past the limit is refused. */
export const communityLinks = (db: Db, communityId: string) =>
  db.all<InviteLinkRow>(
    sql`select ${linkColumns} from community_invite_links l where l.community_id = ${communityId}
        order by l.created_at desc, l.id desc limit ${INVITE_LINKS_MAX}`,
  );

/** A new link, written only while the community keeps fewer than the most links it may have. */
export const insertLink = (
  db: Db,
  link: { id: string; communityId: string; token: string; createdBy: string; expiresAt: number | null; maxUses: number | null },
) =>
  db.all<InviteLinkRow>(
    sql`insert into community_invite_links (id, community_id, token, created_by, expires_at, max_uses, uses_count, created_at)
        select ${link.id}, ${link.communityId}, ${link.token}, ${link.createdBy}, ${link.expiresAt}, ${link.maxUses}, 0, ${Date.now()}
        where (select count(*) from community_invite_links where community_id = ${link.communityId}) < ${INVITE_LINKS_MAX}
        returning ${returnedLink}`,
  );

/**
 * People to invite whose name matches the search (the people index, as the new-chat list reads it),
 * with whether they are in or invited. Nobody on either side of a block with the inviter is offered.
 */
export function inviteCandidates(db: Db, communityId: string, me: SQL, q: string) {
  const named = peopleNamed(q);
  if (!named) return null;
  return db.all<{ id: string; full_name: string; avatar_url: string | null; status: "member" | "invited" | "none" }>(
    sql`select u.id, u.full_name, u.avatar_url,
          case when m.profile_id is not null then 'member' when i.status = 'pending' then 'invited' else 'none' end as status
        from users u
        left join community_members m on m.community_id = ${communityId} and m.profile_id = u.id
        left join community_invitations i on i.community_id = ${communityId} and i.invitee_id = u.id
        where u.id in ${named} and u.id <> ${me} and not ${blockedBetween(me, sql.raw("u.id"))}
        order by u.full_name collate nocase, u.id limit ${INVITE_CANDIDATES_MAX}`,
  );
}

/** The person invited by name: whether they exist for the inviter, are in, or hold an open invitation. */
export const inviteeFacts = (db: Db, communityId: string, me: SQL, userId: string) =>
  db.get<{ id: string; blocked: number; member: number; status: string | null } | undefined>(
    sql`select u.id, ${blockedBetween(me, sql.raw("u.id"))} as blocked,
          exists (select 1 from community_members m where m.community_id = ${communityId} and m.profile_id = u.id) as member,
          (select i.status from community_invitations i where i.community_id = ${communityId} and i.invitee_id = u.id) as status
        from users u where u.id = ${userId}`,
  );

/** The caller's invitation to a community (its status, or no row). */
export const myInvitation = (db: Db, communityId: string, me: SQL) =>
  db.get<{ status: string } | undefined>(
    sql`select status from community_invitations where community_id = ${communityId} and invitee_id = ${me}`,
  );
