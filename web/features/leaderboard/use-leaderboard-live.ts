import { useQueryClient } from "@tanstack/react-query";
import { useRoom } from "../../lib/realtime";
import { leaderboardKeys } from "./queries";

/**
 * The community room tells the page when anyone's points moved (ids only, one way): the board and the
 * caller's history read themselves again, so ranks move without a reload.
 */
export function useLeaderboardLive(communityId: string) {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: leaderboardKeys.community(communityId) });
  return useRoom(
    "community-room",
    communityId,
    (event) => {
      if (event.type === "points.changed") refresh();
    },
    { onReconnect: refresh },
  );
}
