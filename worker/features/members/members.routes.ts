import { Hono } from "hono";
import type { MemberRole } from "../../../common/contract/enums";
import { members, membersQuery } from "../../../common/contract/members";
import type { HonoEnv } from "../../env";
import { respond } from "../../lib/respond";
import { validate } from "../../lib/validation";
import { containsParams, containsSql } from "../../lib/text-search";
import { memberOf } from "../feed/post-access";

const orderBy = { points: "points desc, u.full_name", name: "u.full_name collate nocase", joined: "m.joined_at desc" } as const;

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

/** /api/communities/:id/members: members with role, join date and points, for members only. One statement. */
export const membersRoutes = new Hono<HonoEnv>().get("/", validate("query", membersQuery), async (c) => {
  const access = await memberOf(c, c.req.param("id")!);
  const { q, sort, limit } = c.req.valid("query");
  const { results } = await c.env.DB.prepare(
    `select u.id, u.full_name, u.avatar_url, u.profession, m.role, m.joined_at, coalesce(up.points, 0) as points, c.creator_id
     from community_members m
     join users u on u.id = m.profile_id
     join communities c on c.id = m.community_id
     left join user_points up on up.user_id = m.profile_id and up.community_id = m.community_id
     where m.community_id = ? and (? = '' or ${containsSql("u.full_name")})
     order by ${orderBy[sort]} limit ?`,
  )
    .bind(access.community.id, q, ...containsParams(q), limit)
    .all<Row>();
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
