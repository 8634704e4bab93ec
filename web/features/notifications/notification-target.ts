import type { NotificationItem } from "../../../common/contract/notifications";

/**
 * Where clicking a notification takes the user: the thing it is about (support ticket, post, conversation,
 * course, event, community), else the notifications page.
 */
export function notificationTarget(
  n: Pick<NotificationItem, "postId" | "conversationId" | "courseId" | "eventId"> & {
    community?: NotificationItem["community"];
    data?: NotificationItem["data"];
  },
) {
  const ticketId = n.data?.kind === "support" && typeof n.data.ticketId === "string" ? n.data.ticketId : null;
  if (ticketId) return { to: "/support", search: { tab: "contact", ticket: ticketId } } as const;
  if (n.postId) return { to: "/post/$postId", params: { postId: n.postId } } as const;
  if (n.conversationId) return { to: "/chat/$id", params: { id: n.conversationId } } as const;
  if (n.courseId) return { to: "/course/$courseId", params: { courseId: n.courseId } } as const;
  if (n.eventId) return { to: "/calendar" } as const;
  if (n.community) return { to: "/communities/$communityId", params: { communityId: n.community.id } } as const;
  return { to: "/notifications" } as const;
}
