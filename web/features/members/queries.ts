import { infiniteQueryOptions } from "@tanstack/react-query";
import type { MemberSort } from "../../../common/contract/enums";
import { MEMBERS_PAGE_SIZE } from "../../../common/contract/limits";
import { call } from "../../lib/api";

export type MembersFilter = { q: string; sort: MemberSort; online: boolean };

/** Every members cache of a community sits under ["members", communityId]: one prefix reaches them all. */
export const membersKeys = {
  community: (communityId: string) => ["members", communityId] as const,
  onlineLists: (communityId: string) => ["members", communityId, "online"] as const,
  list: (communityId: string, f: MembersFilter) =>
    ["members", communityId, f.online ? "online" : "all", { q: f.q, sort: f.sort }] as const,
};

export function membersQueryOptions(communityId: string, filter: MembersFilter) {
  return infiniteQueryOptions({
    queryKey: membersKeys.list(communityId, filter),
    queryFn: ({ pageParam, signal }) =>
      call("GET /api/communities/:id/members", {
        params: { id: communityId },
        query: {
          q: filter.q,
          sort: filter.sort,
          online: filter.online ? "true" : null,
          cursor: pageParam,
          limit: MEMBERS_PAGE_SIZE,
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
