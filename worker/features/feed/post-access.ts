import type { Context } from "hono";
import type { HonoEnv } from "../../env";
import { loadCommunityAccess, type CommunityAccess } from "../../lib/community-access";
import { AppError, notFound } from "../../lib/errors";
import { hasMemberAccess } from "../../lib/permissions";
import { requireUser, type SessionUser } from "../../lib/session";

export type MemberContext = CommunityAccess & { user: SessionUser; community: NonNullable<CommunityAccess["community"]> };

/** The caller as a member of the community; 404 for everyone else (no existence leaks). */
export async function memberOf(c: Context<HonoEnv>, communityId: string): Promise<MemberContext> {
  const user = await requireUser(c);
  const access = await loadCommunityAccess(c.env.DB, communityId, user);
  if (!access.community || !hasMemberAccess(access.actor, access.community, access.membership)) throw notFound("Community not found.");
  return { ...access, user, community: access.community };
}

export function assertNotArchived(access: MemberContext) {
  if (access.community.archived) throw new AppError("READ_ONLY", "This community is archived and read-only.");
}

type PostRef = { id: string; community_id: string; author_id: string | null; topic_id: string | null; content: string };

/** A post the caller may see, with its community access. */
export async function postFor(c: Context<HonoEnv>, postId: string): Promise<{ post: PostRef; access: MemberContext }> {
  await requireUser(c);
  const post = await c.env.DB.prepare("select id, community_id, author_id, topic_id, content from posts where id = ?").bind(postId).first<PostRef>();
  if (!post) throw notFound("Post not found.");
  try {
    return { post, access: await memberOf(c, post.community_id) };
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") throw notFound("Post not found.");
    throw error;
  }
}

type CommentRef = { id: string; post_id: string; author_id: string | null; parent_comment_id: string | null; community_id: string };

export async function commentFor(c: Context<HonoEnv>, commentId: string): Promise<{ comment: CommentRef; access: MemberContext }> {
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
    .prepare("select 1 as x from blocked_users where (blocker_id = ?1 and blocked_id = ?2) or (blocker_id = ?2 and blocked_id = ?1) limit 1")
    .bind(a, b)
    .first();
  return row !== null;
}
