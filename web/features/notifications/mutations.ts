import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api";
import { markAllReadInCache, markReadInCache } from "./cache";
import { notificationKeys } from "./queries";

/**
 * Marking read is optimistic: the dot and the badge change at once; read never goes back to unread, so on
 * failure we only re-ask the server for the counts.
 */
export function useMarkNotificationRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call("POST /api/notifications/:id/read", { params: { id } }),
    onMutate: (id: string) => {
      markReadInCache(qc, id);
    },
    onError: () => qc.invalidateQueries({ queryKey: notificationKeys.all() }),
  });
}

export function useMarkAllNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (communityId: string | null) =>
      call("POST /api/notifications/read-all", { body: communityId ? { communityId } : {} }),
    onSuccess: (_, communityId) => {
      markAllReadInCache(qc, communityId);
      // The other scopes' badges lost an unknown share of their unread: ask the server.
      if (communityId) void qc.invalidateQueries({ queryKey: notificationKeys.unread(null) });
    },
    onError: () => qc.invalidateQueries({ queryKey: notificationKeys.all() }),
  });
}
