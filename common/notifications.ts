import type { EditDecision, MemberRole, ReviewDecision } from "./contract/enums";

/** Every kind of notification the product writes (spec 000 section 9, DESIGN section 4). */
export const notificationTypes = [
  "POST_LIKE",
  "COMMENT_LIKE",
  "POST_COMMENT",
  "COMMENT_REPLY",
  "MESSAGE",
  "EVENT_CREATED",
  "EVENT_REMINDER",
  "COURSE_ENROLLMENT",
  "COURSE_COMPLETED",
  "ACHIEVEMENT_EARNED",
  "COMMUNITY_JOIN",
  "COMMUNITY_INVITE",
  "COMMUNITY_ROLE_CHANGE",
  "MENTION",
  "SYSTEM_ANNOUNCEMENT",
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/**
 * The facts a notification's text is built from, beside its type, sender, community and target ids:
 * the reader's app writes the sentence in the reader's language, so nothing system-written is stored
 * as text. What a notification quotes of people's own words (a comment, a message) is its `content`.
 */
export type NotificationData = {
  /**
   * SYSTEM_ANNOUNCEMENT of a staff decision on a community (and the reason staff gave), of a payment, of a
   * support reply, about the account, or of a community that became the reader's when its owner's account was deleted.
   * `broadcast`: a copy of an e-mail the community's owner or an admin sent its members (the subject is the `content`).
   */
  kind?: "review" | "payment" | "support" | "account" | "ownership" | "membership" | "broadcast";
  /**
   * SYSTEM_ANNOUNCEMENT about a membership: the community took the reader out (removed: may join again;
   * banned), answered their request to join (approved; declined, with `reason` if given), or, to the
   * owner, someone asked to join (requested, by the sender).
   */
  membership?: "removed" | "banned" | "approved" | "declined" | "requested";
  /** SYSTEM_ANNOUNCEMENT about the account: its deletion was requested, and happens at `deletionAt` (ms) unless cancelled. */
  account?: "deletion_scheduled" | "deletion_cancelled";
  /** SYSTEM_ANNOUNCEMENT of a cancelled deletion: subscriptions it had cancelled that run again, and those whose period had ended meanwhile. */
  restored?: number;
  notRestored?: number;
  deletionAt?: number;
  /** SYSTEM_ANNOUNCEMENT of a support reply: the ticket it answers (the reply itself is the `content`). */
  ticketId?: string;
  /** SYSTEM_ANNOUNCEMENT of a payment: a renewal was declined (retried until the grace period ends), or the subscription ended. */
  payment?: "renewal_failed" | "subscription_ended";
  /** SYSTEM_ANNOUNCEMENT of a declined renewal: when the card is tried again, and when access ends if it keeps failing (ms). */
  retryAt?: number;
  accessUntil?: number;
  decision?: ReviewDecision | EditDecision;
  reason?: string;
  /** COMMUNITY_ROLE_CHANGE: the role the member now has. */
  role?: MemberRole;
  /** MESSAGE: unread messages of the conversation it stands for (one row per conversation while unread). */
  count?: number;
  /** COURSE_COMPLETED: the course's title. */
  course?: string;
  /** ACHIEVEMENT_EARNED: the level reached. */
  level?: number;
};
