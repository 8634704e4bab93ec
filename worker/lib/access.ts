import { sql, type SQLWrapper } from "drizzle-orm";
import type { SQLiteRaw } from "drizzle-orm/sqlite-core/query-builders/raw";
import type { Context } from "hono";
import type { HonoEnv } from "../env";
import type { Db } from "./db";
import { AppError, notFound, unauthenticated } from "./errors";
import {
  canViewCommunity,
  hasMemberAccess,
  roleRank,
  type Actor,
  type CommunityFacts,
  type MembershipFacts,
  type ReviewStatus,
} from "./permissions";
import { sessionColumns, sessionFrom, sessionUserFrom, type SessionColumns, type SessionUser } from "./session";

/**
 * Who may see and change what, read from the database: the caller's session, the community, their
 * membership, the post or comment at hand and blocks. Each check is ONE statement (`query`) that a
 * route can run alone (`load`) or fold into its own batch, and a `read` that turns the row into facts
 * or the refusal (401 without a session, 404 for everything the caller may not see).
 */
export type Access<Row, T> = {
  query: SQLiteRaw<Row | undefined>;
  read: (c: Context<HonoEnv>, row: Row | undefined) => T;
};

/** Runs one access check on its own. */
export const load = async <Row, T>(c: Context<HonoEnv>, access: Access<Row, T>): Promise<T> => access.read(c, await access.query);

export type CommunityAccess = {
  actor: Actor;
  community: (CommunityFacts & { id: string; name: string }) | null;
  membership: MembershipFacts;
};

export type MemberContext = CommunityAccess & { user: SessionUser; community: NonNullable<CommunityAccess["community"]> };

export const toActor = (user: SessionUser | null): Actor => (user ? { userId: user.id, platformRole: user.platformRole } : null);

/** Columns of the community (`c`) and the caller's membership (`m`): what every permission check needs. */
export const accessColumns = sql.raw(
  "c.id as c_id, c.name as c_name, c.creator_id as c_creator_id, c.archived as c_archived, c.review_status as c_review_status, " +
    "c.is_paid as c_is_paid, m.role as m_role, m.access_until as m_access_until",
);

export type AccessColumns = {
  c_id: string | null;
  c_name: string | null;
  c_creator_id: string | null;
  c_archived: number | null;
  c_review_status: ReviewStatus | null;
  c_is_paid: number | null;
  m_role: "admin" | "moderator" | "member" | null;
  m_access_until: number | null;
};

export function toAccess(row: AccessColumns | null | undefined, user: SessionUser | null): CommunityAccess {
  const community =
    row?.c_id != null
      ? {
          id: row.c_id,
          name: row.c_name ?? "",
          creatorId: row.c_creator_id,
          archived: row.c_archived === 1,
          reviewStatus: row.c_review_status ?? "under_review",
          isPaid: row.c_is_paid === 1,
        }
      : null;
  const membership = row?.m_role ? { role: row.m_role, accessUntil: row.m_access_until } : null;
  return { actor: toActor(user), community, membership };
}

/** Archived communities are read-only for everyone: the one refusal every write gives. */
export const readOnly = () => new AppError("READ_ONLY", "This community is archived and read-only.");

export function assertWritable(community: { archived: boolean }) {
  if (community.archived) throw readOnly();
}

/** Public pages show approved communities; the rest only to their owner and staff. Anything else is 404. */
export function visibleCommunity<T extends CommunityFacts>(actor: Actor, community: T | null | undefined): T {
  if (!community || !canViewCommunity(actor, community)) throw notFound("Community not found.");
  return community;
}

/**
 * A person's `roleRank` in a community as an SQL value, from the community's creator id and the
 * person's membership role: the owner is stored as admin, and anyone without a role ranks as a member.
 */
export const roleRankSql = (userId: SQLWrapper, creatorId: SQLWrapper, role: SQLWrapper) =>
  sql`(case when ${userId} = ${creatorId} then ${roleRank.owner} when ${role} = 'admin' then ${roleRank.admin}
    when ${role} = 'moderator' then ${roleRank.moderator} else ${roleRank.member} end)`;

/** Whether either of two people blocked the other: an SQL condition over two user ids (columns or values). */
export const blockedBetween = (a: SQLWrapper | string, b: SQLWrapper | string) =>
  sql`exists (select 1 from blocked_users bu
    where (bu.blocker_id = ${a} and bu.blocked_id = ${b}) or (bu.blocker_id = ${b} and bu.blocked_id = ${a}))`;

/**
 * The ids of the communities whose members-only areas a user may see: `hasMemberAccess` as one
 * select, for statements that read many communities at once (search). Creators always; members of
 * approved communities, except members whose paid access has ended.
 */
export const memberCommunityIds = (userId: SQLWrapper, now = Date.now()) =>
  sql`select m.community_id from community_members m join communities c on c.id = m.community_id
      where m.profile_id = ${userId} and (c.creator_id = m.profile_id or (c.review_status = 'approved'
        and not (c.is_paid = 1 and m.role = 'member' and m.access_until is not null and m.access_until < ${now})))
    union select c.id from communities c where c.creator_id = ${userId}`;

export type MemberRow = SessionColumns & AccessColumns;

/** The member context from a row with session and access columns; 401 without a session, else 404 (`missing`). */
export function asMember(c: Context<HonoEnv>, row: MemberRow | undefined, missing: string): MemberContext {
  const user = sessionUserFrom(c, row);
  if (!user) throw unauthenticated();
  const { actor, community, membership } = toAccess(row, user);
  if (!community || !hasMemberAccess(actor, community, membership)) throw notFound(missing);
  return { actor, community, membership, user };
}

/** Joins the community `c` and the caller's membership `m` onto a session statement. */
export const communityJoins = (communityId: SQLWrapper) =>
  sql`left join communities c on c.id = ${communityId}
    left join community_members m on m.community_id = c.id and m.profile_id = su.id`;

/** The caller as a member of the community; 404 for everyone else (no existence leaks). */
export function memberOf(db: Db, token: string, communityId: string): Access<MemberRow, MemberContext> {
  return {
    query: db.get(
      sql`select ${sessionColumns}, ${accessColumns} from ${sessionFrom(token, { required: true })} ${communityJoins(sql`${communityId}`)}`,
    ),
    read: (c, row) => asMember(c, row, "Community not found."),
  };
}

/**
 * The caller (if signed in) and a community's access facts; the row is there even for guests and
 * unknown communities, so the route decides between 401 and 404 itself.
 */
export function viewerOf(
  db: Db,
  token: string | null,
  communityId: string,
): Access<MemberRow, CommunityAccess & { user: SessionUser | null }> {
  return {
    query: db.get(
      sql`select ${sessionColumns}, ${accessColumns} from ${sessionFrom(token, { required: false })} ${communityJoins(sql`${communityId}`)}`,
    ),
    read: (c, row) => {
      const user = sessionUserFrom(c, row);
      return { ...toAccess(row, user), user };
    },
  };
}

export type PostRef = { id: string; communityId: string; authorId: string | null; topicId: string | null; content: string };
type PostRow = MemberRow & {
  p_id: string | null;
  p_community_id: string;
  p_author_id: string | null;
  p_topic_id: string | null;
  p_content: string;
  blocked: number;
};

/**
 * A post the caller may see as a member. A block between the caller and its author hides it like a
 * post that does not exist (DESIGN.md "Blocks"): 404 for every action on it.
 */
export function postFor(db: Db, token: string, postId: string): Access<PostRow, { post: PostRef; access: MemberContext }> {
  return {
    query: db.get(
      sql`select ${sessionColumns}, ${accessColumns}, p.id as p_id, p.community_id as p_community_id, p.author_id as p_author_id,
          p.topic_id as p_topic_id, p.content as p_content, ${blockedBetween(sql.raw("su.id"), sql.raw("p.author_id"))} as blocked
        from ${sessionFrom(token, { required: true })}
        left join posts p on p.id = ${postId}
        ${communityJoins(sql.raw("p.community_id"))}`,
    ),
    read: (c, row) => {
      const access = asMember(c, row, "Post not found.");
      if (!row?.p_id || row.blocked === 1) throw notFound("Post not found.");
      const post = {
        id: row.p_id,
        communityId: row.p_community_id,
        authorId: row.p_author_id,
        topicId: row.p_topic_id,
        content: row.p_content,
      };
      return { post, access };
    },
  };
}

export type CommentRef = {
  id: string;
  postId: string;
  authorId: string | null;
  parentCommentId: string | null;
  communityId: string;
};
type CommentRow = MemberRow & {
  pc_id: string | null;
  pc_post_id: string;
  pc_author_id: string | null;
  pc_parent_comment_id: string | null;
  p_community_id: string;
  blocked: number;
};

/**
 * A comment the caller may see as a member. A block between the caller and the author of the comment,
 * of the comment it answers or of its post hides it (the thread is hidden): 404 for every action on it.
 */
export function commentFor(
  db: Db,
  token: string,
  commentId: string,
): Access<CommentRow, { comment: CommentRef; access: MemberContext }> {
  const me = sql.raw("su.id");
  return {
    query: db.get(
      sql`select ${sessionColumns}, ${accessColumns}, pc.id as pc_id, pc.post_id as pc_post_id, pc.author_id as pc_author_id,
          pc.parent_comment_id as pc_parent_comment_id, p.community_id as p_community_id,
          (${blockedBetween(me, sql.raw("pc.author_id"))} or ${blockedBetween(me, sql.raw("parent.author_id"))}
            or ${blockedBetween(me, sql.raw("p.author_id"))}) as blocked
        from ${sessionFrom(token, { required: true })}
        left join post_comments pc on pc.id = ${commentId}
        left join post_comments parent on parent.id = pc.parent_comment_id
        left join posts p on p.id = pc.post_id
        ${communityJoins(sql.raw("p.community_id"))}`,
    ),
    read: (c, row) => {
      const access = asMember(c, row, "Comment not found.");
      if (!row?.pc_id || row.blocked === 1) throw notFound("Comment not found.");
      const comment = {
        id: row.pc_id,
        postId: row.pc_post_id,
        authorId: row.pc_author_id,
        parentCommentId: row.pc_parent_comment_id,
        communityId: row.p_community_id,
      };
      return { comment, access };
    },
  };
}

/** A known user's access to a community (the room upgrade, where the session is already read). */
export async function communityAccess(db: Db, communityId: string, user: SessionUser): Promise<CommunityAccess> {
  const row = await db.get<AccessColumns | undefined>(
    sql`select ${accessColumns} from communities c
      left join community_members m on m.community_id = c.id and m.profile_id = ${user.id}
      where c.id = ${communityId}`,
  );
  return toAccess(row, user);
}
