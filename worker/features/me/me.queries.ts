import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../lib/db";
import { canManage, canManageContent, type Actor } from "../../lib/permissions";
import { viewerSql, type SessionUser, type Viewer } from "../../lib/session";
import { communities as c, communityMembers as m } from "../../lib/tables";

export type MyCommunity = {
  id: string;
  name: string;
  imageUrls: string[];
  role: "admin" | "moderator" | "member";
  isCreator: boolean;
  archived: boolean;
  reviewStatus: "under_review" | "approved" | "rejected" | "suspended";
  /** Creator or admin: Settings tab, management screens. */
  canManage: boolean;
  /** canManage and not archived. */
  canEdit: boolean;
};

/**
 * The viewer's communities, the ones they created first, then by most recent join: one statement, which
 * can run in the same round trip as the session lookup (a `{ token }` viewer).
 */
export const myCommunitiesStatement = (db: Db, viewer: Viewer) => {
  const me = viewerSql(viewer);
  return db
    .select({
      id: c.id,
      name: c.name,
      imageUrls: c.imageUrls,
      creatorId: c.creatorId,
      archived: c.archived,
      reviewStatus: c.reviewStatus,
      role: m.role,
    })
    .from(m)
    .innerJoin(c, eq(c.id, m.communityId))
    .where(eq(m.profileId, me))
    .orderBy(desc(sql`${c.creatorId} = ${me}`), desc(m.joinedAt));
};

type Row = Awaited<ReturnType<typeof myCommunitiesStatement>>[number];

/** What the user may do in each of their communities. */
export function toMyCommunities(rows: Row[], user: SessionUser): MyCommunity[] {
  const actor: Actor = { userId: user.id, platformRole: user.platformRole };
  return rows.map((row) => {
    const facts = { creatorId: row.creatorId, archived: row.archived, reviewStatus: row.reviewStatus };
    const membership = { role: row.role };
    return {
      id: row.id,
      name: row.name,
      imageUrls: row.imageUrls,
      role: row.role,
      isCreator: row.creatorId === user.id,
      archived: row.archived,
      reviewStatus: row.reviewStatus,
      canManage: canManage(actor, facts, membership),
      canEdit: canManageContent(actor, facts, membership),
    };
  });
}

export async function listMyCommunities(db: Db, user: SessionUser): Promise<MyCommunity[]> {
  return toMyCommunities(await myCommunitiesStatement(db, { id: user.id }), user);
}
