import { queryOptions } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { communityKeys } from "../../../lib/community-keys";

/** Under ["communities"], so whatever re-reads every community screen re-reads the queue too. */
export const requestsKey = (communityId: string) => [...communityKeys.all(), "requests", communityId] as const;

/** The pending requests to join, oldest first, as the server orders them. */
export const requestsQueryOptions = (communityId: string) =>
  queryOptions({
    queryKey: requestsKey(communityId),
    queryFn: async ({ signal }) =>
      (await call("GET /api/communities/:id/requests", { params: { id: communityId }, signal })).items,
  });
