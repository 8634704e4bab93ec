import { sql, type SQL } from "drizzle-orm";
import { memberCommunityIds } from "../../lib/access";

/**
 * What of a person (`target`) a viewer sees, as SQL over two user ids. One's own profile lists all
 * one's communities; another's only those the viewer has member access to. Content shows only from
 * communities the viewer may read, so a profile never shows what a members-only area would hide.
 */
export type ProfileScope = { target: SQL; viewer: SQL };

const isSelf = ({ target, viewer }: ProfileScope) => sql`${target} = ${viewer}`;

/** The target's memberships (alias `m`) the viewer may see. */
export const shownMembership = (s: ProfileScope) =>
  sql`m.profile_id = ${s.target} and (${isSelf(s)} or m.community_id in (${memberCommunityIds(s.viewer)}))`;

/**
 * Content of the target in a post (alias `p`) the viewer may see: only where the viewer has member
 * access now (a community under review, or paid access that ended, hides one's own posts there too),
 * and for others' profiles nothing a block hides from the viewer.
 */
export const shownContent = (s: ProfileScope) =>
  sql`(p.community_id in (${memberCommunityIds(s.viewer)}) and (${isSelf(s)}
    or not exists (select 1 from blocked_users bu where (bu.blocker_id = p.author_id and bu.blocked_id = ${s.viewer})
      or (bu.blocker_id = ${s.viewer} and bu.blocked_id = p.author_id))))`;

/** The four numbers of the stat row, as columns of the profile's statement. */
export const statsColumns = (s: ProfileScope): SQL => sql`
  (select coalesce(sum(up.points), 0) from user_points up where up.user_id = ${s.target}
    and up.community_id in (select m.community_id from community_members m where ${shownMembership(s)})) as total_points,
  (select count(*) from community_members m where ${shownMembership(s)}) as community_count,
  (select count(*) from posts p where p.author_id = ${s.target} and ${shownContent(s)}) as post_count,
  (select coalesce(sum(p.likes_count), 0) from posts p where p.author_id = ${s.target} and ${shownContent(s)})
    + (select coalesce(sum(pc.likes_count), 0) from post_comments pc join posts p on p.id = pc.post_id
        where pc.author_id = ${s.target} and ${shownContent(s)}) as like_count`;

export type StatsRow = { total_points: number; community_count: number; post_count: number; like_count: number };

export const toStats = (r: StatsRow) => ({
  totalPoints: Math.max(0, r.total_points),
  communities: r.community_count,
  posts: r.post_count,
  likes: r.like_count,
});
