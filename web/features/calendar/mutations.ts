import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BodyOf } from "../../../common/contract";
import { call } from "../../lib/api";
import { calendarKeys } from "./queries";

/** Calendar writes; each refreshes the community's lists and months, where the event shows. */

export function useCreateEvent(communityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<"POST /api/communities/:id/events">) =>
      call("POST /api/communities/:id/events", { params: { id: communityId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: calendarKeys.community(communityId) }),
  });
}

export function useAttendance(communityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, attending }: { eventId: string; attending: boolean }) =>
      attending
        ? call("POST /api/events/:eventId/attend", { params: { eventId } })
        : call("DELETE /api/events/:eventId/attend", { params: { eventId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: calendarKeys.community(communityId) }),
  });
}
