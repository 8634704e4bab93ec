import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { ACTIVITY_PAGE_SIZE } from "../../../common/contract/limits";
import { call } from "../../lib/api";
import { profileKeys } from "../../lib/profile-keys";

export const myProfileQueryOptions = () =>
  queryOptions({ queryKey: profileKeys.mine(), queryFn: ({ signal }) => call("GET /api/me/profile", { signal }) });

export const personProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: profileKeys.person(userId),
    queryFn: ({ signal }) => call("GET /api/users/:userId/profile", { params: { userId }, signal }),
  });

/** Everything a person did, a page at a time (the 'View All Activity' list). */
export const activityQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: profileKeys.activity(userId),
    queryFn: ({ pageParam, signal }) =>
      call("GET /api/users/:userId/activity", {
        params: { userId },
        query: { cursor: pageParam, limit: ACTIVITY_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
