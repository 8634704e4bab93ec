import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { blockedBetween, memberCommunityIds } from "../../lib/access";
import { notHiddenByBan } from "../../lib/membership";
import { selectAs, tableAs, type SelectAsRow, type Stored } from "../../lib/sql-names";
import { communityMembers, postComments, posts, userPoints } from "../../lib/tables";

/**
 * What of a person (`target`) a viewer sees, as SQL over two user ids. One's own profile lists all
 * one's communities; another's only those the viewer has member access to. Content shows only from
 * communities the viewer may read, so a profile never shows what a members-only area would hide.
 */
export type ProfileScope = { target: SQL; viewer: SQL };

/** The membership (`m`) and the post (`p`) the conditions below speak of, in the statement that uses them. */
const m = alias(communityMembers, "m");
export const shownPost = alias(posts, "p");
const p = shownPost;
const up = alias(userPoints, "up");
const pc = alias(postComments, "pc");

const isSelf = ({ target, viewer }: ProfileScope) => sql`${target} = ${viewer}`;

/** The target's memberships (alias `m`) the viewer may see. */
export const shownMembership = (s: ProfileScope) =>
  sql`${m.profileId} = ${s.target} and (${isSelf(s)} or ${m.communityId} in (${memberCommunityIds(s.viewer)}))`;

/**
 * Content of the target in a post (alias `p`, `shownPost`) the viewer may see: only where the viewer
 * has member access now (a community under review, or paid access that ended, hides one's own posts
 * there too), and for others' profiles nothing a block hides from the viewer.
 */
export const shownContent = (s: ProfileScope) =>
  sql`(${p.communityId} in (${memberCommunityIds(s.viewer)}) and (${isSelf(s)} or not ${blockedBetween(p.authorId, s.viewer)})
    and ${notHiddenByBan(p.communityId, p.authorId)} and ${notHiddenByBan(p.communityId, s.target)})`;

/** The four numbers of the stat row. */
const stats = (s: ProfileScope) => ({
  total_points: sql<
    Stored<typeof up.points>
  >`(select coalesce(sum(${up.points}), 0) from ${tableAs(up)} where ${up.userId} = ${s.target}
    and ${up.communityId} in (select ${m.communityId} from ${tableAs(m)} where ${shownMembership(s)}))`,
  community_count: sql<number>`(select count(*) from ${tableAs(m)} where ${shownMembership(s)})`,
  post_count: sql<number>`(select count(*) from ${tableAs(p)} where ${p.authorId} = ${s.target} and ${shownContent(s)})`,
  like_count: sql<Stored<typeof p.likesCount>>`(select coalesce(sum(${p.likesCount}), 0) from ${tableAs(p)}
      where ${p.authorId} = ${s.target} and ${shownContent(s)})
    + (select coalesce(sum(${pc.likesCount}), 0) from ${tableAs(pc)} join ${tableAs(p)} on ${p.id} = ${pc.postId}
        where ${pc.authorId} = ${s.target} and ${shownContent(s)})`,
});

/** The four numbers of the stat row, as columns of the profile's statement. */
export const statsColumns = (s: ProfileScope): SQL => selectAs(stats(s));

export type StatsRow = SelectAsRow<ReturnType<typeof stats>>;

export const toStats = (r: StatsRow) => ({
  totalPoints: Math.max(0, r.total_points),
  communities: r.community_count,
  posts: r.post_count,
  likes: r.like_count,
});
