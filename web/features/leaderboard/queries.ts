import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { LeaderboardPeriod } from "../../../common/contract/enums";
import { POINTS_HISTORY_PAGE_SIZE } from "../../../common/contract/limits";
import { call } from "../../lib/api";

/** Every leaderboard cache of a community sits under ["leaderboard", communityId]: a points change reaches all. */
export const leaderboardKeys = {
  community: (communityId: string) => ["leaderboard", communityId] as const,
  board: (communityId: string, period: LeaderboardPeriod) => ["leaderboard", communityId, "board", period] as const,
  history: (communityId: string) => ["leaderboard", communityId, "history"] as const,
};

export const boardQueryOptions = (communityId: string, period: LeaderboardPeriod) =>
  queryOptions({
    queryKey: leaderboardKeys.board(communityId, period),
    queryFn: ({ signal }) =>
      call("GET /api/communities/:id/leaderboard", { params: { id: communityId }, query: { period }, signal }),
  });

export const historyQueryOptions = (communityId: string) =>
  infiniteQueryOptions({
    queryKey: leaderboardKeys.history(communityId),
    queryFn: ({ pageParam, signal }) =>
      call("GET /api/communities/:id/points", {
        params: { id: communityId },
        query: { cursor: pageParam, limit: POINTS_HISTORY_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
