import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { QueryOf } from "../../../common/contract";
import type { MemberSort } from "../../../common/contract/enums";
import { EXPLORE_PAGE_SIZE, MEMBERS_PAGE_MAX } from "../../../common/contract/limits";
import { call } from "../../lib/api";
import { communityKeys } from "../../lib/community-keys";

/** Query keys and fetchers of the community screens (the user's own list lives in lib/my-communities.ts). */

export type ExploreApiQuery = QueryOf<"GET /api/communities">;

export const exploreQueryOptions = (query: ExploreApiQuery) =>
  infiniteQueryOptions({
    queryKey: communityKeys.exploreList(query),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      call("GET /api/communities", { query: { ...query, limit: EXPLORE_PAGE_SIZE, cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.nextCursor,
  });

export const communityQueryOptions = (id: string) =>
  queryOptions({
    queryKey: communityKeys.detail(id),
    queryFn: ({ signal }) => call("GET /api/communities/:id", { params: { id }, signal }),
  });

export const topicsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: communityKeys.topics(id),
    queryFn: async ({ signal }) => (await call("GET /api/communities/:id/topics", { params: { id }, signal })).topics,
  });

export const membersQueryOptions = (id: string, q: string, sort: MemberSort) =>
  queryOptions({
    queryKey: communityKeys.memberList(id, q, sort),
    queryFn: async ({ signal }) =>
      (await call("GET /api/communities/:id/members", { params: { id }, query: { q, sort, limit: MEMBERS_PAGE_MAX }, signal }))
        .items,
  });

export const communityReportsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: communityKeys.reports(id),
    queryFn: async ({ signal }) =>
      (await call("GET /api/communities/:id/reports", { params: { id }, query: { status: "open" }, signal })).items,
  });

export { refreshCommunity } from "../../lib/community-keys";
