import { queryOptions } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { communityKeys } from "../../../lib/community-keys";

/** Apart from the page: the route's loader imports it, and whatever the loader imports loads with the first page. */
export const inviteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: communityKeys.invite(token),
    queryFn: ({ signal }) => call("GET /api/invites/:token", { params: { token }, signal }),
  });
