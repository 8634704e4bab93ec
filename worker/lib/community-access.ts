import { and, eq } from "drizzle-orm";
import { createDb, schema } from "../../db/client";
import type { Actor, CommunityFacts, MembershipFacts } from "./permissions";
import type { SessionUser } from "./session";

export type CommunityAccess = {
  actor: Actor;
  community: (CommunityFacts & { id: string; name: string }) | null;
  membership: MembershipFacts;
};

export const toActor = (user: SessionUser | null): Actor => (user ? { userId: user.id, platformRole: user.platformRole } : null);

/** The community and the caller's membership in one round trip: what every permission check needs. */
export async function loadCommunityAccess(
  d1: D1Database,
  communityId: string,
  user: SessionUser | null,
): Promise<CommunityAccess> {
  const db = createDb(d1);
  const { communities: c, communityMembers: m } = schema;
  const communityQuery = db
    .select({
      id: c.id,
      name: c.name,
      creatorId: c.creatorId,
      archived: c.archived,
      reviewStatus: c.reviewStatus,
      isPaid: c.isPaid,
    })
    .from(c)
    .where(eq(c.id, communityId))
    .limit(1);
  const membershipQuery = db
    .select({ role: m.role, accessUntil: m.accessUntil })
    .from(m)
    .where(and(eq(m.communityId, communityId), eq(m.profileId, user?.id ?? "")))
    .limit(1);
  const [communityRows, membershipRows] = await db.batch([communityQuery, membershipQuery]);
  return { actor: toActor(user), community: communityRows[0] ?? null, membership: membershipRows[0] ?? null };
}
