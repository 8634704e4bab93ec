import type { Comment, Post, PostPermissions } from "../../../common/contract/feed";

/** Who is looking, for what live events cannot say: they carry the author's view, not ours. */
export type Viewer = { userId: string; role: "admin" | "moderator" | "member" | null; archived: boolean };

/** Mirrors worker/lib/permissions.ts: edit own; delete own or as moderator/admin; pin as admin (owner is admin). */
export function postPermissionsFor(viewer: Viewer, authorId: string | null): PostPermissions {
  if (viewer.archived) return { canEdit: false, canDelete: false, canPin: false };
  const own = authorId !== null && authorId === viewer.userId;
  const moderates = viewer.role === "admin" || viewer.role === "moderator";
  return { canEdit: own, canDelete: own || moderates, canPin: viewer.role === "admin" };
}

/** A post from a live event, seen by this viewer (their own like state is not in the event). */
export function postForViewer(raw: Post, viewer: Viewer, userHasLiked = false): Post {
  return { ...raw, ...postPermissionsFor(viewer, raw.author?.id ?? null), userHasLiked };
}

export function commentForViewer(raw: Comment, viewer: Viewer): Comment {
  const { canDelete } = postPermissionsFor(viewer, raw.author?.id ?? null);
  return { ...raw, canDelete, userHasLiked: false };
}
