import type { MemberContext } from "../../lib/access";
import { canDeleteContent, canEditContent, canManage, canManageContent } from "../../lib/permissions";
import type { FeedComment } from "./comments.queries";
import type { FeedPost } from "./posts.queries";

/** What the viewer may do with a post; the card menu shows exactly these. */
export function postPermissions(access: MemberContext, authorId: string | null) {
  return {
    canEdit: canEditContent(access.actor, access.community, access.membership, authorId),
    canDelete: canDeleteContent(access.actor, access.community, access.membership, authorId),
    canPin: canManageContent(access.actor, access.community, access.membership),
  };
}

/** Who voted what is the author's and the community's admins' to see; members see the counts. */
export const canSeeVoters = (access: MemberContext, authorId: string | null) =>
  (authorId !== null && access.actor?.userId === authorId) || canManage(access.actor, access.community, access.membership);

export const withPermissions = (post: FeedPost, access: MemberContext) => ({
  ...post,
  ...postPermissions(access, post.author?.id ?? null),
  poll: post.poll && { ...post.poll, canSeeVoters: canSeeVoters(access, post.author?.id ?? null) },
});

export const withCommentPermissions = (comment: FeedComment, access: MemberContext) => ({
  ...comment,
  canDelete: canDeleteContent(access.actor, access.community, access.membership, comment.author?.id ?? null),
});
