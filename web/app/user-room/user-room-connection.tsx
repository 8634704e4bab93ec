import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notificationSentence } from "../../features/notifications/notification-text";
import { useRoom } from "../../lib/realtime";
import { applyUserEvent, refreshUserData } from "./user-events";

/**
 * The signed-in user's room, open once for the whole app (every tab gets the same frames): new
 * notifications go to the top of the cached lists and raise the badge, and are read out politely.
 */
export default function UserRoomConnection({ userId }: { userId: string }) {
  const qc = useQueryClient();
  const { t } = useTranslation("notifications");
  const [announcement, setAnnouncement] = useState("");
  useRoom(
    "user-room",
    userId,
    (event) => {
      const created = applyUserEvent(qc, event);
      if (created) setAnnouncement(t("live.new", { sentence: notificationSentence(t, created) }));
    },
    { onReconnect: () => refreshUserData(qc) },
  );
  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true">
      {announcement}
    </div>
  );
}
