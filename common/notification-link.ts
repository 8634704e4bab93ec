import type { NotificationData } from "./notifications";

/** What a notification is about, as both the app's list and the notification e-mails know it. */
export type NotificationLinkSource = {
  postId: string | null;
  conversationId: string | null;
  courseId: string | null;
  eventId: string | null;
  community?: { id: string } | null;
  data?: NotificationData | Record<string, unknown> | null;
};

/** A page of the app in the router's terms: a route, its path parameters and its search. */
export type NotificationLink =
  | { to: "/support"; search: { tab: "contact"; ticket: string } }
  | { to: "/post/$postId"; params: { postId: string } }
  | { to: "/chat/$id"; params: { id: string } }
  | { to: "/course/$courseId"; params: { courseId: string } }
  | { to: "/communities/$communityId"; params: { communityId: string } }
  | { to: "/calendar"; search: { event: string; community?: string } }
  | { to: "/notifications" | "/payment-methods" | "/settings/privacy-security" };

/**
 * The page a notification opens, in the app and from its e-mail alike: the thing it is about (support
 * ticket, the card to fix after a declined renewal, the pending deletion, post, conversation, course, event, community), else
 * the notifications page.
 */
export function notificationLink(n: NotificationLinkSource): NotificationLink {
  const data = n.data ?? {};
  if (data.kind === "support" && typeof data.ticketId === "string" && data.ticketId) {
    return { to: "/support", search: { tab: "contact", ticket: data.ticketId } };
  }
  if (data.kind === "payment" && data.payment === "renewal_failed") return { to: "/payment-methods" };
  if (data.kind === "account" && data.account === "deletion_scheduled") return { to: "/settings/privacy-security" };
  if (n.postId) return { to: "/post/$postId", params: { postId: n.postId } };
  if (n.conversationId) return { to: "/chat/$id", params: { id: n.conversationId } };
  if (n.courseId) return { to: "/course/$courseId", params: { courseId: n.courseId } };
  // The calendar shows one community's events: the event's, with the event marked (past or upcoming).
  if (n.eventId) return { to: "/calendar", search: { event: n.eventId, ...(n.community ? { community: n.community.id } : {}) } };
  if (n.community) return { to: "/communities/$communityId", params: { communityId: n.community.id } };
  return { to: "/notifications" };
}

/** The link as an address path with its query, for e-mails. */
export function notificationHref(link: NotificationLink): string {
  const params: Record<string, string> = "params" in link ? link.params : {};
  const path = link.to.replace(/\$(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  const search = "search" in link ? `?${new URLSearchParams(link.search).toString()}` : "";
  return `${path}${search}`;
}
