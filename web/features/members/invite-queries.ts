import { queryOptions } from "@tanstack/react-query";
import { call } from "../../lib/api";

/** Invitation caches of a community sit under ["invites", communityId]. */
export const inviteKeys = {
  community: (communityId: string) => ["invites", communityId] as const,
  candidates: (communityId: string, q: string) => ["invites", communityId, "candidates", q] as const,
  links: (communityId: string) => ["invites", communityId, "links"] as const,
};

export const inviteCandidatesQueryOptions = (communityId: string, q: string) =>
  queryOptions({
    queryKey: inviteKeys.candidates(communityId, q),
    queryFn: async ({ signal }) =>
      (await call("GET /api/communities/:id/invite-candidates", { params: { id: communityId }, query: { q }, signal })).people,
    enabled: q.length > 0,
  });

export const inviteLinksQueryOptions = (communityId: string) =>
  queryOptions({
    queryKey: inviteKeys.links(communityId),
    queryFn: async ({ signal }) =>
      (await call("GET /api/communities/:id/invite-links", { params: { id: communityId }, signal })).items,
  });

/** What people open: the app's own /invite page for the token. */
export const inviteUrl = (token: string) => `${window.location.origin}/invite/${token}`;
