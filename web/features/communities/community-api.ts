import { infiniteQueryOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import type { QueryOf } from "../../../common/contract";
import type { MemberSort } from "../../../common/contract/enums";
import { EXPLORE_PAGE_SIZE } from "../../../common/contract/limits";
import { call } from "../../lib/api";
import { myCommunitiesQueryOptions } from "./queries";

/** Query keys and fetchers of the community screens (the shell's own queries stay in queries.ts). */

export type ExploreApiQuery = QueryOf<"GET /api/communities">;

export const exploreQueryOptions = (query: ExploreApiQuery) =>
  infiniteQueryOptions({
    queryKey: ["communities", "explore", query] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      call("GET /api/communities", { query: { ...query, limit: EXPLORE_PAGE_SIZE, cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.nextCursor,
  });

export const communityQueryKey = (id: string) => ["communities", "detail", id] as const;

export const communityQueryOptions = (id: string) =>
  queryOptions({
    queryKey: communityQueryKey(id),
    queryFn: ({ signal }) => call("GET /api/communities/:id", { params: { id }, signal }),
  });

export const topicsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["communities", "topics", id] as const,
    queryFn: async ({ signal }) => (await call("GET /api/communities/:id/topics", { params: { id }, signal })).topics,
  });

export const membersQueryOptions = (id: string, q: string, sort: MemberSort) =>
  queryOptions({
    queryKey: ["communities", "members", id, { q, sort }] as const,
    queryFn: async ({ signal }) =>
      (await call("GET /api/communities/:id/members", { params: { id }, query: { q, sort }, signal })).members,
  });

export const communityReportsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["communities", "reports", id] as const,
    queryFn: async ({ signal }) =>
      (await call("GET /api/communities/:id/reports", { params: { id }, query: { status: "open" }, signal })).items,
  });

/**
 * After a join, an edit or an archive, everything that shows the community re-reads it: the switcher
 * (me/communities), explore cards and the detail page.
 */
export async function refreshCommunity(client: QueryClient, id: string): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: myCommunitiesQueryOptions.queryKey }),
    client.invalidateQueries({ queryKey: ["communities", "explore"] }),
    client.invalidateQueries({ queryKey: communityQueryKey(id) }),
  ]);
}
