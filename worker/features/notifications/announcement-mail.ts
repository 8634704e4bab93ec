import { announcedReviewDecisions } from "../../../common/contract/enums";
import type { NotificationData } from "../../../common/notifications";
import { fillTemplate } from "../../../common/template";
import type { MailTexts } from "../../lib/mail-texts";

type Texts = MailTexts["notifications"]["announcements"];

/** What a SYSTEM_ANNOUNCEMENT's e-mail says: the sentence and, where the facts give one, a line of ours under it. */
export type AnnouncementWords = { sentence: string; detail: string | null };

/** A day as the mail names it; the same in every language, so it cannot be misread. */
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Decision = (typeof announcedReviewDecisions)[number];
const isDecision = (value: unknown): value is Decision => announcedReviewDecisions.includes(value as Decision);

/** "Reason: ..." under the sentence, when the one who decided gave a reason. */
const reasonLine = (texts: Texts, data: NotificationData) =>
  typeof data.reason === "string" && data.reason ? fillTemplate(texts.reason, { reason: data.reason }) : null;

/**
 * An announcement in the reader's language, written from its facts as the app's list writes it; null
 * for one whose facts we do not know, which keeps the generic sentence.
 */
export function announcementWords(texts: Texts, community: string, data: NotificationData): AnnouncementWords | null {
  if (data.kind === "review" && isDecision(data.decision)) {
    return { sentence: fillTemplate(texts.review[data.decision], { community }), detail: reasonLine(texts, data) };
  }
  if (data.kind === "payment" && data.payment === "renewal_failed") {
    const dates = typeof data.retryAt === "number" && typeof data.accessUntil === "number";
    return {
      sentence: fillTemplate(texts.renewalFailed, { community }),
      detail: dates ? fillTemplate(texts.renewalFailedDetail, { retry: day(data.retryAt!), end: day(data.accessUntil!) }) : null,
    };
  }
  if (data.kind === "payment" && data.payment === "subscription_ended") {
    return { sentence: fillTemplate(texts.subscriptionEnded, { community }), detail: null };
  }
  if (data.kind === "account" && data.account === "deletion_scheduled") {
    return {
      sentence: texts.deletionScheduled,
      detail:
        typeof data.deletionAt === "number" ? fillTemplate(texts.deletionScheduledDetail, { date: day(data.deletionAt) }) : null,
    };
  }
  if (data.kind === "ownership") return { sentence: fillTemplate(texts.ownership, { community }), detail: texts.ownershipDetail };
  if (data.kind === "membership" && data.membership) {
    return { sentence: fillTemplate(texts.membership[data.membership], { community }), detail: reasonLine(texts, data) };
  }
  if (data.kind === "account" && data.account === "deletion_cancelled") {
    const counts = { restored: String(data.restored ?? 0), notRestored: String(data.notRestored ?? 0) };
    return { sentence: texts.deletionCancelled, detail: fillTemplate(texts.deletionCancelledDetail, counts) };
  }
  if (data.kind === "support") return { sentence: texts.supportReply, detail: null };
  return null;
}
