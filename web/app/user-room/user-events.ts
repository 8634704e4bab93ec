import type { QueryClient } from "@tanstack/react-query";
import type { RoomMessages } from "../../../common/realtime-protocol";
import type { NotificationItem } from "../../../common/contract/notifications";
import { classroomKeys } from "../../features/classroom/queries";
import { conversationKeys, unreadMessagesQueryOptions } from "../../features/messages/queries";
import { prependNotification, setUnreadTotal } from "../../features/notifications/cache";
import { notificationKeys } from "../../features/notifications/queries";

export type UserMessage = RoomMessages["user-room"];

/**
 * Writes one UserRoom event into the cache. Returns a new notification, for the live region to announce.
 * Message counts and conversation bumps go to the messages dropdown's queries.
 */
export function applyUserEvent(qc: QueryClient, event: UserMessage): NotificationItem | null {
  switch (event.type) {
    case "notification.created": {
      // The frame carries the list's own item (the protocol parses it with the contract's schema), so it
      // goes into the lists as it came.
      const item: NotificationItem = event.notification;
      prependNotification(qc, item);
      // A new learner moves the enrolled counts on the creator's course page and classroom.
      if (item.type === "COURSE_ENROLLMENT" && item.courseId) {
        void qc.invalidateQueries({ queryKey: classroomKeys.course(item.courseId) });
        if (item.community) void qc.invalidateQueries({ queryKey: classroomKeys.community(item.community.id) });
      }
      return item;
    }
    case "notification.unread":
      setUnreadTotal(qc, event.count);
      return null;
    case "message.unread":
      qc.setQueryData(unreadMessagesQueryOptions.queryKey, event.count);
      // The total moved (a message arrived, or it was read in another tab): each row's count moved too.
      void qc.invalidateQueries({ queryKey: conversationKeys.lists() });
      return null;
    case "conversation.bumped":
      // A message for us raises the badge too, and only a bump says so.
      void qc.invalidateQueries({ queryKey: conversationKeys.lists() });
      void qc.invalidateQueries({ queryKey: conversationKeys.unread() });
      return null;
    default:
      return null;
  }
}

/**
 * After a reconnect: whatever arrived while we were away is fetched again. A chat's history is left
 * out: its conversation room keeps it and catches up by version when it opens, and a history fetched
 * again wholesale replaces it, so a message the room delivered while that fetch was on its way was
 * lost from the open chat (the answer was written before the message).
 */
export function refreshUserData(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: notificationKeys.all() });
  const history = conversationKeys.history("")[1];
  void qc.invalidateQueries({ queryKey: conversationKeys.all(), predicate: (query) => query.queryKey[1] !== history });
}
