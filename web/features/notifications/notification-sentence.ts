import type { TFunction } from "i18next";
import type { NotificationItem } from "../../../common/contract/notifications";

/** Types whose sentence names the sender ('Ana liked your post'), and those that need no sender. */
const WITH_SENDER = new Set([
  "POST_LIKE",
  "COMMENT_LIKE",
  "POST_COMMENT",
  "COMMENT_REPLY",
  "MENTION",
  "MESSAGE",
  "EVENT_CREATED",
  "COURSE_ENROLLMENT",
  "COMMUNITY_JOIN",
  "COMMUNITY_INVITE",
  "COMMUNITY_ROLE_CHANGE",
]);
const WITHOUT_SENDER = new Set(["COURSE_COMPLETED"]);
/** Staff decisions on a community, sent as SYSTEM_ANNOUNCEMENT with `data.kind = "review"`. */
const REVIEW_DECISIONS = new Set(["approve", "reject", "suspend", "restore"]);

function keyFor(n: Pick<NotificationItem, "type" | "commentId" | "community">): string {
  if (n.type === "MENTION") return n.commentId ? "types.MENTION_comment" : "types.MENTION_post";
  if (n.type.startsWith("COMMUNITY_")) return n.community ? `types.${n.type}` : `types.${n.type}_generic`;
  return `types.${n.type}`;
}

/**
 * The notification's title as a sentence in the reader's language, built from its type and sender (the
 * stored title is English). Types without a template, or a missing sender, fall back to the stored title.
 * `t` must be bound to the "notifications" namespace.
 */
export function notificationSentence(t: TFunction, n: NotificationItem): string {
  const name = n.sender?.fullName?.trim();
  const decision = n.data?.kind === "review" ? n.data.decision : undefined;
  if (n.type === "SYSTEM_ANNOUNCEMENT" && typeof decision === "string" && REVIEW_DECISIONS.has(decision)) {
    return t(`review.${decision}`, { community: n.community?.name ?? "" });
  }
  if (WITHOUT_SENDER.has(n.type)) return t(keyFor(n));
  if (WITH_SENDER.has(n.type) && name) return t(keyFor(n), { name, community: n.community?.name ?? "" });
  return n.title;
}
