import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRoom } from "../../lib/realtime";
import { useSession } from "../../lib/session";
import { applyCommunityEvent, refreshCommunity } from "./live-events";

/**
 * The CommunityRoom of the community on screen (feed or post page): its events go straight into the
 * query cache, a reconnect refetches what may have been missed, and someone else's new post is put into
 * words for the page's live region.
 */
export function useCommunityLive(communityId: string | null) {
  const qc = useQueryClient();
  const { t } = useTranslation("feed");
  const viewerId = useSession().user?.id ?? null;
  const [announcement, setAnnouncement] = useState("");
  const { state } = useRoom(
    "community-room",
    communityId,
    (event) => {
      if (!communityId) return;
      applyCommunityEvent(qc, communityId, event, viewerId, (notice) =>
        setAnnouncement(t("live.newPost", { name: notice.post.author?.fullName || t("post.unknownUser") })),
      );
    },
    { onReconnect: () => communityId && refreshCommunity(qc, communityId) },
  );
  return { state, announcement };
}
