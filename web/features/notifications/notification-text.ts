import type { TFunction } from "i18next";
import type { NotificationItem } from "../../../common/contract/notifications";
import { announcedReviewDecisions, memberRoles, type MemberRole } from "../../../common/contract/enums";
import type { NotificationType } from "../../../common/notifications";

/**
 * A notification in the reader's language, written from its type, sender, community and data: nothing
 * the server stores is our own text. `t` must be bound to the "notifications" namespace.
 */

/** Types no person sends: their sentence names nobody. */
const WITHOUT_SENDER = new Set<NotificationType>(["COURSE_COMPLETED", "EVENT_REMINDER", "ACHIEVEMENT_EARNED"]);

const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T => values.includes(value as T);

function reviewDecision(n: NotificationItem): (typeof announcedReviewDecisions)[number] | null {
  const decision = n.data?.kind === "review" ? n.data.decision : undefined;
  return oneOf(announcedReviewDecisions, decision) ? decision : null;
}

function keyFor(n: Pick<NotificationItem, "type" | "commentId" | "community">): string {
  if (n.type === "MENTION") return n.commentId ? "types.MENTION_comment" : "types.MENTION_post";
  if (n.type.startsWith("COMMUNITY_")) return n.community ? `types.${n.type}` : `types.${n.type}_generic`;
  return `types.${n.type}`;
}

/** The sentence: 'Ana Kapanadze liked your post', 'Your community Runners was approved'. */
export function notificationSentence(t: TFunction, n: NotificationItem): string {
  const community = n.community?.name ?? "";
  if (n.type === "SYSTEM_ANNOUNCEMENT") {
    const decision = reviewDecision(n);
    if (decision) return t(`review.${decision}`, { community });
    const payment = n.data?.kind === "payment" ? n.data.payment : undefined;
    if (payment === "renewal_failed" || payment === "subscription_ended") return t(`payment.${payment}`, { community });
    if (n.data?.kind === "support") return t("support.reply");
    // The subject the community's people wrote is the detail line (the notification's content).
    if (n.data?.kind === "broadcast") return t("broadcast", { community });
    if (n.data?.kind === "ownership") return t("ownership.received", { community });
    const membership = n.data?.kind === "membership" ? n.data.membership : undefined;
    if (membership === "removed" || membership === "banned") {
      return community ? t(`membership.${membership}`, { community }) : t(`membership.${membership}_generic`);
    }
    if (membership === "approved" || membership === "declined") return t(`membership.${membership}`, { community });
    if (membership === "requested")
      return t("membership.requested", { name: n.sender?.fullName?.trim() || t("someone"), community });
    if (n.data?.kind === "account" && n.data.account === "deletion_cancelled") return t("account.deletion_cancelled");
    if (n.data?.kind === "account" && n.data.account === "deletion_scheduled") return t("account.deletion_scheduled");
    return t("types.SYSTEM_ANNOUNCEMENT");
  }
  if (WITHOUT_SENDER.has(n.type)) return t(`types.${n.type}`);
  const name = n.sender?.fullName?.trim() || t("someone");
  // MESSAGE notifications stand for every unread message of one conversation.
  const count = typeof n.data?.count === "number" ? n.data.count : 1;
  if (n.type === "MESSAGE" && count > 1) return t("types.MESSAGE_grouped", { name, count });
  return t(keyFor(n), { name, community });
}

/**
 * The line under the sentence: ours written from data for the types the system words (a new role, a
 * staff decision's reason), else what the notification quotes of someone's words. Null when there is none.
 */
export function notificationDetail(t: TFunction, n: NotificationItem): string | null {
  const data = n.data ?? {};
  switch (n.type) {
    case "COMMUNITY_JOIN":
      return t("details.COMMUNITY_JOIN");
    case "COMMUNITY_ROLE_CHANGE":
      return oneOf<MemberRole>(memberRoles, data.role) && n.community
        ? t(`details.role.${data.role}`, { community: n.community.name })
        : null;
    case "ACHIEVEMENT_EARNED":
      return typeof data.level === "number" && n.community
        ? t("details.ACHIEVEMENT_EARNED", { level: data.level, community: n.community.name })
        : null;
    case "COURSE_COMPLETED":
      return typeof data.course === "string" && data.course ? t("details.COURSE_COMPLETED", { course: data.course }) : null;
    case "SYSTEM_ANNOUNCEMENT":
      // A support reply quotes the staff member's answer; a broadcast's copy, the subject its sender wrote.
      if (data.kind === "support" || data.kind === "broadcast") return n.content || null;
      if (data.kind === "ownership") return t("details.ownership");
      if (data.kind === "account" && data.account === "deletion_scheduled") return t("details.deletion_scheduled");
      if (data.kind === "account" && data.account === "deletion_cancelled") {
        return t("details.deletion_cancelled", { restored: data.restored ?? 0, notRestored: data.notRestored ?? 0 });
      }
      return typeof data.reason === "string" && data.reason ? t("details.reason", { reason: data.reason }) : null;
    default:
      return n.content || null;
  }
}
