import { queryOptions, useQuery } from "@tanstack/react-query";
import { orderCommunities } from "../../common/community-order";
import { call } from "./api";
import { setCurrentCommunityId, useCurrentCommunityId } from "./current-community";
import { meKeys, useSession } from "./session";

export const myCommunitiesQueryOptions = queryOptions({
  queryKey: meKeys.communities(),
  queryFn: async ({ signal }) => {
    const { communities } = await call("GET /api/me/communities", { signal });
    return orderCommunities(communities);
  },
});

export function useMyCommunities() {
  const { user } = useSession();
  return useQuery({ ...myCommunitiesQueryOptions, enabled: !!user });
}

/**
 * The community context of spec 000 section 4: the saved id only counts when it names one of the user's
 * communities, so a stale id (left, deleted, another account) reads as 'no community selected'.
 */
export function useCurrentCommunity() {
  const { user, isLoading: sessionLoading } = useSession();
  const communities = useMyCommunities();
  const currentId = useCurrentCommunityId();
  const list = communities.data ?? [];
  const current = user ? (list.find((c) => c.id === currentId) ?? null) : null;
  return {
    user,
    communities: list,
    current,
    currentId,
    isLoading: sessionLoading || (!!user && communities.isPending),
    isError: communities.isError,
    refetch: communities.refetch,
    select: setCurrentCommunityId,
  };
}
