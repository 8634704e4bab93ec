import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../lib/db";
import { AppError } from "../../lib/errors";
import { isListed } from "../../lib/permissions";
import { notify } from "../../lib/commit";
import type { CommunityRow } from "../../lib/community-row";
import { bare, bareList } from "../../lib/sql-names";
import { bannedFrom, notBanned } from "../../lib/membership";

export { bannedFrom };
import { communities, communityMembers } from "../../lib/tables";

const cm = communityMembers;

/**
 * The statements that make someone a member (the free join, an accepted invitation, an invite link),
 * to run in one batch: the membership, the members count and the owner's COMMUNITY_JOIN. The plan's
 * member limit is checked inside the insert, so two last-place joins cannot both get in; whether the
 * person got in is `joinedAt` on their membership as read back after the batch.
 */
export function joinWrites(
  db: Db,
  community: Pick<CommunityRow, "id" | "creatorId" | "planLimits">,
  userId: string,
  /** A further condition the join needs when the batch runs (the invite link still open). */
  onlyIf: SQL = sql`1`,
) {
  const joinedAt = Date.now();
  const limit = community.planLimits.maxMembers;
  const joined = sql`exists (select 1 from ${cm}
    where ${cm.communityId} = ${community.id} and ${cm.profileId} = ${userId} and ${cm.joinedAt} = ${joinedAt})`;
  return {
    joinedAt,
    /** True in later statements of the batch once this join went in. */
    joined,
    steps: [
      db.run(
        sql`insert into ${cm} (${bareList(cm.communityId, cm.profileId, cm.role, cm.joinedAt)})
            select ${community.id}, ${userId}, 'member', ${joinedAt}
            where (${limit} is null or (select count(*) from ${cm} where ${cm.communityId} = ${community.id}) < ${limit})
              and ${notBanned(community.id, userId)} and ${onlyIf}
            on conflict do nothing`,
      ),
      db.run(
        sql`update ${communities} set ${bare(communities.membersCount)} = (select count(*) from ${cm} where ${cm.communityId} = ${community.id})
            where ${communities.id} = ${community.id}`,
      ),
      community.creatorId
        ? notify({
            recipientId: community.creatorId,
            senderId: userId,
            communityId: community.id,
            type: "COMMUNITY_JOIN",
            onlyIf: joined,
          })
        : null,
    ],
  };
}

/**
 * Who may join: not members yet, not banned, of a listed community; paid ones are joined by paying, and
 * private ones by a request they approve, unless the person was invited (by name or by a link).
 */
export function assertJoinable(row: CommunityRow, via: { invited?: boolean } = {}) {
  if (row.membership) throw new AppError("ALREADY_MEMBER", "You are already a member of this community.");
  if (row.banned) throw bannedFrom();
  if (!isListed(row)) throw new AppError("CONFLICT", "This community is not open for new members.");
  if (row.visibility === "private" && !via.invited) throw privateJoin();
}

export const privateJoin = () =>
  new AppError("CONFLICT", "This community is private: ask to join, and its moderators will answer your request.");

export const paidJoin = () => new AppError("NOT_AVAILABLE", "This community is paid: join it from the payment screen.");

/** The membership read back after a join batch: the limit or an earlier join kept this one out. */
export function assertJoined(after: CommunityRow | null, joinedAt: number): asserts after is CommunityRow {
  if (!after?.membership) throw new AppError("CONFLICT", "This community has reached its member limit.");
  if (after.membership.joinedAt !== joinedAt) throw new AppError("ALREADY_MEMBER", "You are already a member of this community.");
}
