import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { MemberRole } from "../../../common/contract/enums";
import { members, membersQuery } from "../../../common/contract/members";
import type { HonoEnv } from "../../env";
import { memberOf } from "../../lib/access";
import { respond } from "../../lib/respond";
import { sessionToken } from "../../lib/session";
import { contains } from "../../lib/text-search";
import { validate } from "../../lib/validation";

const orderBy = {
  points: sql.raw("points desc, u.full_name"),
  name: sql.raw("u.full_name collate nocase"),
  joined: sql.raw("m.joined_at desc"),
} as const;

type Row = {
  id: string;
  full_name: string;
  avatar_url: string | null;
  profession: string | null;
  role: MemberRole;
  joined_at: number;
  points: number;
  creator_id: string | null;
};

/** /api/communities/:id/members: members with role, join date and points, for members only. One round trip. */
export const membersRoutes = new Hono<HonoEnv>().get("/", validate("query", membersQuery), async (c) => {
  const db = c.var.db;
  const communityId = c.req.param("id")!;
  const { q, sort, limit } = c.req.valid("query");
  const member = memberOf(db, await sessionToken(c), communityId);
  // The list rides with the access check and is only answered once access holds.
  const [row, results] = await db.batch([
    member.query,
    db.all<Row>(
      sql`select u.id, u.full_name, u.avatar_url, u.profession, m.role, m.joined_at, coalesce(up.points, 0) as points, c.creator_id
          from community_members m
          join users u on u.id = m.profile_id
          join communities c on c.id = m.community_id
          left join user_points up on up.user_id = m.profile_id and up.community_id = m.community_id
          where m.community_id = ${communityId}${q ? sql` and ${contains(sql.raw("u.full_name"), q)}` : sql``}
          order by ${orderBy[sort]} limit ${limit}`,
    ),
  ]);
  member.read(c, row);
  return respond(c, members.list, {
    members: results.map((r) => ({
      id: r.id,
      fullName: r.full_name,
      avatarUrl: r.avatar_url,
      profession: r.profession,
      role: r.role,
      isOwner: r.id === r.creator_id,
      joinedAt: r.joined_at,
      points: r.points,
    })),
  });
});
