import type { Actor, CommunityFacts, MembershipFacts, ReviewStatus } from "./permissions";
import type { SessionUser } from "./session";

export type CommunityAccess = {
  actor: Actor;
  community: (CommunityFacts & { id: string; name: string }) | null;
  membership: MembershipFacts;
};

export const toActor = (user: SessionUser | null): Actor => (user ? { userId: user.id, platformRole: user.platformRole } : null);

/** Columns of the community (`c`) and the caller's membership (`m`): what every permission check needs. */
export const accessColumns =
  "c.id as c_id, c.name as c_name, c.creator_id, c.archived, c.review_status, c.is_paid, m.role as m_role, m.access_until as m_access_until";

export type AccessColumns = {
  c_id: string | null;
  c_name: string | null;
  creator_id: string | null;
  archived: number | null;
  review_status: ReviewStatus | null;
  is_paid: number | null;
  m_role: "admin" | "moderator" | "member" | null;
  m_access_until: number | null;
};

export function toAccess(row: AccessColumns | null | undefined, user: SessionUser | null): CommunityAccess {
  const community =
    row?.c_id != null
      ? {
          id: row.c_id,
          name: row.c_name ?? "",
          creatorId: row.creator_id,
          archived: row.archived === 1,
          reviewStatus: row.review_status ?? "under_review",
          isPaid: row.is_paid === 1,
        }
      : null;
  const membership = row?.m_role ? { role: row.m_role, accessUntil: row.m_access_until } : null;
  return { actor: toActor(user), community, membership };
}

/** The community and the caller's membership in one statement. */
export async function loadCommunityAccess(
  d1: D1Database,
  communityId: string,
  user: SessionUser | null,
): Promise<CommunityAccess> {
  const row = await d1
    .prepare(
      `select ${accessColumns} from communities c
       left join community_members m on m.community_id = c.id and m.profile_id = ?2
       where c.id = ?1`,
    )
    .bind(communityId, user?.id ?? "")
    .first<AccessColumns>();
  return toAccess(row, user);
}
