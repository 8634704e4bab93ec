import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRoom } from "../../lib/realtime";
import { useSession } from "../auth/session";
import { useMyCommunities } from "../communities/queries";
import { applyCommunityEvent, refreshCommunity } from "./live-events";
import type { Viewer } from "./permissions";

/** The viewer's standing in a community, for what live events leave out (permissions). */
export function useViewer(communityId: string | null): Viewer {
  const { user } = useSession();
  const communities = useMyCommunities();
  const membership = communities.data?.find((c) => c.id === communityId);
  return { userId: user?.id ?? "", role: membership?.role ?? null, archived: membership?.archived ?? false };
}

/**
 * The CommunityRoom of the community on screen (feed or post page): its events go straight into the
 * query cache, a reconnect refetches what may have been missed, and someone else's new post is put into
 * words for the page's live region.
 */
export function useCommunityLive(communityId: string | null) {
  const qc = useQueryClient();
  const { t } = useTranslation("feed");
  const viewer = useViewer(communityId);
  const [announcement, setAnnouncement] = useState("");
  const { state } = useRoom(
    "community-room",
    communityId,
    (event) => {
      if (!communityId) return;
      const announce = (notice: ReturnType<typeof applyCommunityEvent>) => {
        if (notice?.kind === "post.created") {
          setAnnouncement(t("live.newPost", { name: notice.post.author?.fullName || t("post.unknownUser") }));
        }
      };
      announce(applyCommunityEvent(qc, communityId, event, viewer, announce));
    },
    { onReconnect: () => communityId && refreshCommunity(qc, communityId) },
  );
  return { state, announcement };
}
