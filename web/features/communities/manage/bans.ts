import { queryOptions } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { communityKeys } from "../../../lib/community-keys";

/** Under ["communities"] like every community screen, so a refresh of all of them reaches the list too. */
export const bansKey = (communityId: string) => [...communityKeys.all(), "bans", communityId] as const;

/** Who is banned from a community (owner and admins only), newest first. */
export const bansQueryOptions = (communityId: string) =>
  queryOptions({
    queryKey: bansKey(communityId),
    queryFn: async ({ signal }) => (await call("GET /api/communities/:id/bans", { params: { id: communityId }, signal })).items,
  });
