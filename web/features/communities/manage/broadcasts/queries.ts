import { queryOptions } from "@tanstack/react-query";
import type { BroadcastSegment } from "../../../../../common/contract/broadcasts";
import { call } from "../../../../lib/api";
import { communityKeys } from "../../../../lib/community-keys";

const key = (id: string) => [...communityKeys.detail(id), "broadcasts"] as const;

/** A broadcast still going out is polled: the cron moves it a batch per run. */
const SENDING_POLL_MS = 5_000;

/** The community's broadcasts (newest first) and when the next may be written. */
export const broadcastsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: key(id),
    queryFn: ({ signal }) => call("GET /api/communities/:id/broadcasts", { params: { id }, signal }),
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.status !== "sent") ? SENDING_POLL_MS : false),
  });

/** How many members a segment reaches now. */
export const audienceQueryOptions = (id: string, segment: BroadcastSegment, level: number) =>
  queryOptions({
    queryKey: [...key(id), "audience", segment, segment === "level" ? level : null] as const,
    queryFn: ({ signal }) =>
      call("GET /api/communities/:id/broadcasts/audience", {
        params: { id },
        query: segment === "level" ? { segment, level } : { segment },
        signal,
      }),
    staleTime: 60_000,
  });

export const broadcastsKey = key;
