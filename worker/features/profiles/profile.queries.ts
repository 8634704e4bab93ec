import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { ProfileCommunity } from "../../../common/contract/profiles";
import { levelForPoints } from "../../../common/levels";
import type { Db } from "../../lib/db";
import { leftJoined, selectAs, tableAs, type SelectAsRow, type Stored } from "../../lib/sql-names";
import { communities, communityMembers, userPoints, users } from "../../lib/tables";
import { shownMembership, type ProfileScope } from "./profile-scope";

/** The person (`t`) a profile statement joins; null throughout when there is no such person. */
const t = alias(users, "t");

const personFields = {
  t_id: leftJoined(t.id),
  t_full_name: t.fullName,
  t_avatar_url: t.avatarUrl,
  t_cover_url: t.coverUrl,
  t_profession: t.profession,
  t_location: t.location,
  t_website: t.website,
  t_bio: t.bio,
  t_birth_date: t.birthDate,
  t_created_at: t.createdAt,
};

/** Columns of a person (`t`) on a profile statement. */
export const personColumns = selectAs(personFields);

/** The person's columns are read as present once `t_id` is. */
export type PersonRow = SelectAsRow<typeof personFields>;

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

/** The membership (`m`, as `shownMembership` speaks of it), its community and the member's points there. */
const m = alias(communityMembers, "m");
const c = alias(communities, "c");
const up = alias(userPoints, "up");

const communityFields = {
  id: c.id,
  name: c.name,
  image_urls: c.imageUrls,
  is_creator: sql<0 | 1 | null>`(${c.creatorId} = ${m.profileId})`,
  role: m.role,
  points: sql<Stored<typeof up.points>>`coalesce(${up.points}, 0)`,
};

type CommunityRow = SelectAsRow<typeof communityFields>;

/** The tiles of 'My Communities': created ones first, then the newest joined. */
export const communitiesStatement = (db: Db, s: ProfileScope) =>
  db.all<CommunityRow>(
    sql`select ${selectAs(communityFields)}
        from ${tableAs(m)} join ${tableAs(c)} on ${c.id} = ${m.communityId}
        left join ${tableAs(up)} on ${up.userId} = ${m.profileId} and ${up.communityId} = ${m.communityId}
        where ${shownMembership(s)}
        order by is_creator desc, ${m.joinedAt} desc, ${c.id}`,
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
