import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { SearchKind } from "../../../common/contract/enums";
import { SEARCH_PAGE_SIZE } from "../../../common/contract/limits";
import { call } from "../../lib/api";

export const SEARCH_DEBOUNCE_MS = 300;
/** Hits per kind in the header's dropdown; the /search page's "All" tab shows the API's default. */
export const HEADER_GROUP_SIZE = 3;

export const searchKeys = {
  all: () => ["search"] as const,
  grouped: (q: string, limit: number) => ["search", "grouped", q, limit] as const,
  kind: (kind: SearchKind, q: string) => ["search", "kind", kind, q] as const,
};

export function groupedSearchOptions(q: string, limit?: number) {
  return queryOptions({
    queryKey: searchKeys.grouped(q, limit ?? 0),
    queryFn: ({ signal }) => call("GET /api/search", { query: { q, limit }, signal }),
    enabled: q.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function kindSearchOptions(kind: SearchKind, q: string) {
  return infiniteQueryOptions({
    queryKey: searchKeys.kind(kind, q),
    queryFn: ({ pageParam, signal }) =>
      call("GET /api/search/:kind", { params: { kind }, query: { q, cursor: pageParam, limit: SEARCH_PAGE_SIZE }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: q.length > 0,
    staleTime: 30_000,
  });
}
