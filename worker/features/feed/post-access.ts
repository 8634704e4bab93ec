import type { Context } from "hono";
import type { HonoEnv } from "../../env";
import { accessColumns, toAccess, type AccessColumns, type CommunityAccess } from "../../lib/community-access";
import { AppError, notFound, unauthenticated } from "../../lib/errors";
import { hasMemberAccess } from "../../lib/permissions";
import { requireUser, sessionUserStatement, toSessionUser, type SessionUser, type SessionUserRow } from "../../lib/session";
import { readSessionToken } from "../../lib/session-cookie";

export type MemberContext = CommunityAccess & { user: SessionUser; community: NonNullable<CommunityAccess["community"]> };

type AccessRow = SessionUserRow & AccessColumns;

/** Session, community and membership in ONE statement, so a route can put it in its own batch. */
export function accessStatement(d1: D1Database, token: string, communityId: string) {
  return sessionUserStatement(
    d1,
    token,
    `, ${accessColumns}`,
    "left join communities c on c.id = ?3 left join community_members m on m.community_id = c.id and m.profile_id = u.id",
    [communityId],
  );
}

/** Turns the access row into the member context; 401 without a session, 404 for non-members. */
export function memberFromRow(c: Context<HonoEnv>, row: AccessRow | null | undefined): MemberContext {
  if (!row) throw unauthenticated();
  const user = toSessionUser(row);
  c.set("user", user);
  const { actor, community, membership } = toAccess(row, user);
  if (!community || !hasMemberAccess(actor, community, membership)) throw notFound("Community not found.");
  return { actor, community, membership, user };
}

export async function sessionToken(c: Context<HonoEnv>): Promise<string> {
  const token = await readSessionToken(c.env, c.req.raw.headers);
  if (!token) throw unauthenticated();
  return token;
}

/** The caller as a member of the community; 404 for everyone else (no existence leaks). One statement. */
export async function memberOf(c: Context<HonoEnv>, communityId: string): Promise<MemberContext> {
  const token = await sessionToken(c);
  return memberFromRow(c, await accessStatement(c.env.DB, token, communityId).first<AccessRow>());
}

export type { AccessRow };

export function assertNotArchived(access: MemberContext) {
  if (access.community.archived) throw new AppError("READ_ONLY", "This community is archived and read-only.");
}

type PostRef = { id: string; community_id: string; author_id: string | null; topic_id: string | null; content: string };

/** A post the caller may see, with its community access. */
export async function postFor(c: Context<HonoEnv>, postId: string): Promise<{ post: PostRef; access: MemberContext }> {
  await requireUser(c);
  const post = await c.env.DB.prepare("select id, community_id, author_id, topic_id, content from posts where id = ?")
    .bind(postId)
    .first<PostRef>();
  if (!post) throw notFound("Post not found.");
  try {
    return { post, access: await memberOf(c, post.community_id) };
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") throw notFound("Post not found.");
    throw error;
  }
}

type CommentRef = {
  id: string;
  post_id: string;
  author_id: string | null;
  parent_comment_id: string | null;
  community_id: string;
};

export async function commentFor(
  c: Context<HonoEnv>,
  commentId: string,
): Promise<{ comment: CommentRef; access: MemberContext }> {
  await requireUser(c);
  const comment = await c.env.DB.prepare(
    "select pc.id, pc.post_id, pc.author_id, pc.parent_comment_id, p.community_id from post_comments pc join posts p on p.id = pc.post_id where pc.id = ?",
  )
    .bind(commentId)
    .first<CommentRef>();
  if (!comment) throw notFound("Comment not found.");
  try {
    return { comment, access: await memberOf(c, comment.community_id) };
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") throw notFound("Comment not found.");
    throw error;
  }
}

/** Whether either of two people blocked the other. */
export async function blockedBetween(d1: D1Database, a: string, b: string): Promise<boolean> {
  const row = await d1
    .prepare(
      "select 1 as x from blocked_users where (blocker_id = ?1 and blocked_id = ?2) or (blocker_id = ?2 and blocked_id = ?1) limit 1",
    )
    .bind(a, b)
    .first();
  return row !== null;
}
