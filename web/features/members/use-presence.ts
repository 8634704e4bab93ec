import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useRoom, type RoomConnectionState } from "../../lib/realtime";
import { membersKeys } from "./queries";

/** Who the community room says is online; `complete` when its list names everyone (it is capped). */
export type Presence = { ids: ReadonlySet<string>; count: number; complete: boolean };

/**
 * The community room's presence for the members page: dots follow it as people come and go, and an
 * online-only list reads itself again so newcomers appear in it. Null until the room first answers.
 */
export function usePresence(communityId: string): { presence: Presence | null; state: RoomConnectionState } {
  const qc = useQueryClient();
  const [presence, setPresence] = useState<Presence | null>(null);
  const { state } = useRoom(
    "community-room",
    communityId,
    (event) => {
      if (event.type === "presence") {
        setPresence({ ids: new Set(event.online), count: event.count, complete: event.online.length >= event.count });
      } else if (event.type === "presence.changed") {
        setPresence((current) => {
          if (!current) return current;
          const ids = new Set(current.ids);
          for (const id of event.joined) ids.add(id);
          for (const id of event.left) ids.delete(id);
          // A large room names only some of who came and went: the page's own figures fill the rest.
          return { ids, count: event.count, complete: !event.partial && current.complete && ids.size >= event.count };
        });
      } else return;
      void qc.invalidateQueries({ queryKey: membersKeys.onlineLists(communityId) });
    },
    { onReconnect: () => void qc.invalidateQueries({ queryKey: membersKeys.community(communityId) }) },
  );
  return { presence, state };
}

/** Online now: the room's word where it knows, else what the page was told when it loaded. */
export const isOnline = (presence: Presence | null, member: { id: string; online: boolean }) =>
  presence ? presence.ids.has(member.id) || (!presence.complete && member.online) : member.online;
