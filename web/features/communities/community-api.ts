import { infiniteQueryOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { communityKeys } from "../../lib/community-keys";
import { meKeys } from "../../lib/session";
import type { CommunityMember, CommunityView, ExplorePage, MemberSort, Report, Topic } from "./types";

/** Query keys and fetchers of the community screens (the user's own list lives in lib/my-communities.ts). */

export type ExploreApiQuery = Record<string, string | number | undefined>;

export const EXPLORE_PAGE_SIZE = 12;

export const exploreQueryOptions = (query: ExploreApiQuery) =>
  infiniteQueryOptions({
    queryKey: communityKeys.exploreList(query),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.get<ExplorePage>("/api/communities", {
        query: { ...query, limit: EXPLORE_PAGE_SIZE, cursor: pageParam ?? undefined },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
  });

export const communityQueryOptions = (id: string) =>
  queryOptions({
    queryKey: communityKeys.detail(id),
    queryFn: ({ signal }) => api.get<CommunityView>(`/api/communities/${encodeURIComponent(id)}`, { signal }),
  });

export const topicsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: communityKeys.topics(id),
    queryFn: async ({ signal }) =>
      (await api.get<{ topics: Topic[] }>(`/api/communities/${encodeURIComponent(id)}/topics`, { signal })).topics,
  });

export const membersQueryOptions = (id: string, q: string, sort: MemberSort) =>
  queryOptions({
    queryKey: communityKeys.memberList(id, q, sort),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ members: CommunityMember[] }>(`/api/communities/${encodeURIComponent(id)}/members`, {
          query: { q, sort },
          signal,
        })
      ).members,
  });

export const communityReportsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: communityKeys.reports(id),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ items: Report[] }>(`/api/communities/${encodeURIComponent(id)}/reports`, {
          query: { status: "open" },
          signal,
        })
      ).items,
  });

/**
 * After a join, an edit or an archive, everything that shows the community re-reads it: the switcher
 * (me/communities), explore cards and the detail page.
 */
export async function refreshCommunity(client: QueryClient, id: string): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: meKeys.communities() }),
    client.invalidateQueries({ queryKey: communityKeys.explore() }),
    client.invalidateQueries({ queryKey: communityKeys.detail(id) }),
  ]);
}
