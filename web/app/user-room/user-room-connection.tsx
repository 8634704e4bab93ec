import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { notificationSentence } from "../../features/notifications/notification-text";
import { useRoom } from "../../lib/realtime";
import { applyUserEvent, refreshUserData, routerPlace } from "./user-events";

/**
 * The signed-in user's room, open once for the whole app (every tab gets the same frames): new
 * notifications go to the top of the cached lists and raise the badge, and are read out politely.
 */
export default function UserRoomConnection({ userId }: { userId: string }) {
  const qc = useQueryClient();
  const { t } = useTranslation("notifications");
  const [announcement, setAnnouncement] = useState("");
  const router = useRouter();
  const place = useMemo(() => routerPlace(router), [router]);
  useRoom(
    "user-room",
    userId,
    (event) => {
      const created = applyUserEvent(qc, event, place);
      if (created) setAnnouncement(t("live.new", { sentence: notificationSentence(t, created) }));
    },
    // It opens after the page has read the counts and lists: a message or notification sent in between,
    // or while it was away, is fetched once it is live.
    { onOpen: () => refreshUserData(qc) },
  );
  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true">
      {announcement}
    </div>
  );
}
