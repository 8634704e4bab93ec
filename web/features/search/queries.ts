import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { call } from "../../lib/api";

export const SEARCH_DEBOUNCE_MS = 300;

export const searchKeys = {
  results: (communityId: string | null, q: string) => ["search", communityId ?? "all", q] as const,
};

export function searchQueryOptions(q: string, communityId: string | null) {
  return queryOptions({
    queryKey: searchKeys.results(communityId, q),
    queryFn: ({ signal }) => call("GET /api/search", { query: { q, communityId }, signal }),
    enabled: q.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
