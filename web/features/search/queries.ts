import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export type SearchResults = {
  posts: { id: string; title: string; createdAt: number }[];
  members: { id: string; fullName: string | null; avatarUrl: string | null }[];
  events: { id: string; name: string; startTime: number }[];
};

export const SEARCH_DEBOUNCE_MS = 300;

export const searchKeys = {
  results: (communityId: string | null, q: string) => ["search", communityId ?? "all", q] as const,
};

export function searchQueryOptions(q: string, communityId: string | null) {
  return queryOptions({
    queryKey: searchKeys.results(communityId, q),
    queryFn: async ({ signal }): Promise<SearchResults> => {
      const res = await api.get<Partial<SearchResults>>("/api/search", { query: { q, communityId }, signal });
      return {
        posts: Array.isArray(res?.posts) ? res.posts : [],
        members: Array.isArray(res?.members) ? res.members : [],
        events: Array.isArray(res?.events) ? res.events : [],
      };
    },
    enabled: q.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
