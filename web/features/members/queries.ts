import { infiniteQueryOptions } from "@tanstack/react-query";
import { MEMBERS_PAGE_SIZE } from "../../../common/contract/limits";
import { call } from "../../lib/api";
import { membersKeys, type MembersFilter } from "../../lib/members-keys";

export { membersKeys, type MembersFilter };

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
