import { sql } from "drizzle-orm";
import type { MemberRole } from "../../../common/contract/enums";
import type { ProfileCommunity } from "../../../common/contract/profiles";
import { levelForPoints } from "../../../common/levels";
import type { Db } from "../../lib/db";
import { shownMembership, type ProfileScope } from "./profile-scope";

/** Columns of a person (`t`) on a profile statement. */
export const personColumns = sql.raw(
  "t.id as t_id, t.full_name as t_full_name, t.avatar_url as t_avatar_url, t.cover_url as t_cover_url, " +
    "t.profession as t_profession, t.location as t_location, t.website as t_website, t.bio as t_bio, " +
    "t.birth_date as t_birth_date, t.created_at as t_created_at",
);

export type PersonRow = {
  t_id: string | null;
  t_full_name: string;
  t_avatar_url: string | null;
  t_cover_url: string | null;
  t_profession: string | null;
  t_location: string | null;
  t_website: string | null;
  t_bio: string | null;
  t_birth_date: string | null;
  t_created_at: number;
};

export const toPublicProfile = (r: PersonRow & { t_id: string }) => ({
  id: r.t_id,
  fullName: r.t_full_name,
  avatarUrl: r.t_avatar_url,
  coverUrl: r.t_cover_url,
  profession: r.t_profession,
  location: r.t_location,
  website: r.t_website,
  bio: r.t_bio,
  joinedAt: r.t_created_at,
});

export const toOwnProfile = (r: PersonRow & { t_id: string }) => ({ ...toPublicProfile(r), birthDate: r.t_birth_date });

type CommunityRow = { id: string; name: string; image_urls: string; is_creator: number; role: MemberRole; points: number };

/** The tiles of 'My Communities': created ones first, then the newest joined. */
export const communitiesStatement = (db: Db, s: ProfileScope) =>
  db.all<CommunityRow>(
    sql`select c.id, c.name, c.image_urls, (c.creator_id = m.profile_id) as is_creator, m.role,
          coalesce(up.points, 0) as points
        from community_members m join communities c on c.id = m.community_id
        left join user_points up on up.user_id = m.profile_id and up.community_id = m.community_id
        where ${shownMembership(s)}
        order by is_creator desc, m.joined_at desc, c.id`,
  );

export function toCommunities(rows: CommunityRow[]): ProfileCommunity[] {
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    imageUrls: JSON.parse(r.image_urls) as string[],
    isCreator: r.is_creator === 1,
    role: r.role,
    points: Math.max(0, r.points),
    level: levelForPoints(r.points),
  }));
}

/** The level the profile's avatar carries: the highest one reached in the communities shown. */
export const highestLevel = (communities: ProfileCommunity[]) => Math.max(1, ...communities.map((c) => c.level));
