import { sql, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
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
} from "./permissions";
import {
  sessionColumns,
  sessionFrom,
  sessionUser as su,
  sessionUserFrom,
  type SessionColumns,
  type SessionUser,
} from "./session";
import { selectAs, tableAs, type LeftJoined, type SelectAsRow } from "./sql-names";
import { blockedUsers, communities, communityMembers, postComments, posts } from "./tables";

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

/** The community (`c`) and the caller's membership (`m`) of an access statement (see `communityJoins`). */
export const accessCommunity = alias(communities, "c");
export const accessMembership = alias(communityMembers, "m");
const c = accessCommunity;
const m = accessMembership;

const accessFields = {
  c_id: c.id,
  c_name: c.name,
  c_creator_id: c.creatorId,
  c_archived: c.archived,
  c_review_status: c.reviewStatus,
  c_is_paid: c.isPaid,
  m_role: m.role,
  m_access_until: m.accessUntil,
};

/** Columns of the community (`c`) and the caller's membership (`m`): what every permission check needs. */
export const accessColumns = selectAs(accessFields);

/** Null throughout without the community; the membership's columns also without a membership. */
export type AccessColumns = LeftJoined<SelectAsRow<typeof accessFields>>;

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

const bu = alias(blockedUsers, "bu");

/** Whether either of two people blocked the other: an SQL condition over two user ids (columns or values). */
export const blockedBetween = (a: SQLWrapper | string, b: SQLWrapper | string) =>
  sql`exists (select 1 from ${tableAs(bu)}
    where (${bu.blockerId} = ${a} and ${bu.blockedId} = ${b}) or (${bu.blockerId} = ${b} and ${bu.blockedId} = ${a}))`;

/**
 * The ids of the communities whose members-only areas a user may see: `hasMemberAccess` as one
 * select, for statements that read many communities at once (search). Creators always; members of
 * approved communities, except members whose paid access has ended.
 */
export const memberCommunityIds = (userId: SQLWrapper, now = Date.now()) =>
  sql`select ${m.communityId} from ${tableAs(m)} join ${tableAs(c)} on ${c.id} = ${m.communityId}
      where ${m.profileId} = ${userId} and (${c.creatorId} = ${m.profileId} or (${c.reviewStatus} = 'approved'
        and not (${c.isPaid} = 1 and ${m.role} = 'member' and ${m.accessUntil} is not null and ${m.accessUntil} <= ${now})))
    union select ${c.id} from ${tableAs(c)} where ${c.creatorId} = ${userId}`;

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
  sql`left join ${tableAs(c)} on ${c.id} = ${communityId}
    left join ${tableAs(m)} on ${m.communityId} = ${c.id} and ${m.profileId} = ${su.id}`;

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

const p = alias(posts, "p");

/** The post's id, null without the post; its other columns are there whenever the id is. */
const postIdField = { p_id: p.id };
const postFields = { p_community_id: p.communityId, p_author_id: p.authorId, p_topic_id: p.topicId, p_content: p.content };
const postBlocked = { blocked: sql<0 | 1>`${blockedBetween(su.id, p.authorId)}` };
type PostRow = MemberRow &
  LeftJoined<SelectAsRow<typeof postIdField>> &
  SelectAsRow<typeof postFields> &
  SelectAsRow<typeof postBlocked>;

/**
 * A post the caller may see as a member. A block between the caller and its author hides it like a
 * post that does not exist (DESIGN.md "Blocks"): 404 for every action on it.
 */
export function postFor(db: Db, token: string, postId: string): Access<PostRow, { post: PostRef; access: MemberContext }> {
  return {
    query: db.get(
      sql`select ${sessionColumns}, ${accessColumns}, ${selectAs(postIdField)}, ${selectAs(postFields)}, ${selectAs(postBlocked)}
        from ${sessionFrom(token, { required: true })}
        left join ${tableAs(p)} on ${p.id} = ${postId}
        ${communityJoins(p.communityId)}`,
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
const pc = alias(postComments, "pc");
const parent = alias(postComments, "parent");

/** The comment's id, null without the comment; its other columns are there whenever the id is. */
const commentIdField = { pc_id: pc.id };
const commentFields = {
  pc_post_id: pc.postId,
  pc_author_id: pc.authorId,
  pc_parent_comment_id: pc.parentCommentId,
  p_community_id: p.communityId,
};
/** A block between the caller and the author of the comment, of the comment it answers or of its post. */
const commentBlocked = {
  blocked: sql<0 | 1>`(${blockedBetween(su.id, pc.authorId)} or ${blockedBetween(su.id, parent.authorId)}
    or ${blockedBetween(su.id, p.authorId)})`,
};
type CommentRow = MemberRow &
  LeftJoined<SelectAsRow<typeof commentIdField>> &
  SelectAsRow<typeof commentFields> &
  SelectAsRow<typeof commentBlocked>;

/**
 * A comment the caller may see as a member. A block between the caller and the author of the comment,
 * of the comment it answers or of its post hides it (the thread is hidden): 404 for every action on it.
 */
export function commentFor(
  db: Db,
  token: string,
  commentId: string,
): Access<CommentRow, { comment: CommentRef; access: MemberContext }> {
  return {
    query: db.get(
      sql`select ${sessionColumns}, ${accessColumns}, ${selectAs(commentIdField)}, ${selectAs(commentFields)}, ${selectAs(commentBlocked)}
        from ${sessionFrom(token, { required: true })}
        left join ${tableAs(pc)} on ${pc.id} = ${commentId}
        left join ${tableAs(parent)} on ${parent.id} = ${pc.parentCommentId}
        left join ${tableAs(p)} on ${p.id} = ${pc.postId}
        ${communityJoins(p.communityId)}`,
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
