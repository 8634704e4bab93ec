import { queryOptions } from "@tanstack/react-query";
import type { MetricPeriod } from "../../../../../common/contract/metrics";
import { call } from "../../../../lib/api";
import { communityKeys } from "../../../../lib/community-keys";

/** A period of a community's metrics; the figures change at most once per cron run, hence the long stale time. */
export const metricsQueryOptions = (id: string, days: MetricPeriod) =>
  queryOptions({
    queryKey: [...communityKeys.detail(id), "metrics", days] as const,
    queryFn: ({ signal }) => call("GET /api/communities/:id/metrics", { params: { id }, query: { days }, signal }),
    staleTime: 5 * 60_000,
  });
