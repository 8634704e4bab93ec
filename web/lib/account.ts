import { queryOptions } from "@tanstack/react-query";
import { deletionKey } from "../../common/query-keys";
import { call } from "./api";

/**
 * The signed-in person's account: its pending deletion (the banner on every page and the settings
 * page read it) and its sessions. Keys sit under ["me"], so signing out clears them with the rest.
 */
export const accountKeys = {
  deletion: deletionKey,
  sessions: () => ["me", "account", "sessions"] as const,
};

export const deletionQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.deletion(),
    queryFn: ({ signal }) => call("GET /api/account/deletion", { signal }),
    staleTime: 5 * 60_000,
  });
