import { DEFAULT_LANGUAGE, isLanguage } from "../../../common/contract/enums";
import type { NotificationData, NotificationType } from "../../../common/notifications";
import { notificationHref, notificationLink, type NotificationLinkSource } from "../../../common/notification-link";
import { fillTemplate } from "../../../common/template";
import type { AppEnv } from "../../env";
import type { MailMessage } from "../../lib/email";
import { escapeHtml } from "../../lib/html";
import { mailTexts } from "../../lib/mail-texts";
import { announcementWords } from "./announcement-mail";
import { unsubscribeToken } from "../../lib/unsubscribe-token";

/** A queued notification with what its mail says of it: the recipient, the sender's and community's names. */
export type QueuedMail = {
  recipient_id: string;
  email: string;
  language: string | null;
  type: NotificationType;
  content: string;
  sender_name: string | null;
  community_id: string | null;
  community_name: string | null;
  post_id: string | null;
  conversation_id: string | null;
  course_id: string | null;
  event_id: string | null;
  /** The notification's facts as stored (JSON), or null. */
  data: string | null;
};

/** The facts of a queued row; what is not an object reads as none. */
function queuedData(n: Pick<QueuedMail, "data">): NotificationData {
  if (!n.data) return {};
  try {
    const parsed: unknown = JSON.parse(n.data);
    return parsed && typeof parsed === "object" ? (parsed as NotificationData) : {};
  } catch {
    return {};
  }
}

const linkSource = (n: QueuedMail): NotificationLinkSource => ({
  postId: n.post_id,
  conversationId: n.conversation_id,
  courseId: n.course_id,
  eventId: n.event_id,
  community: n.community_id ? { id: n.community_id } : null,
  data: queuedData(n),
});

/**
 * One mail for notifications of one recipient (a thread's hour, or a day's digest), in the recipient's
 * language, with a signed one-click unsubscribe link (RFC 8058) for the types it carries.
 */
export async function notificationMail(env: AppEnv, rows: QueuedMail[], digest: boolean): Promise<MailMessage> {
  const first = rows[0]!;
  const language = isLanguage(first.language) ? first.language : DEFAULT_LANGUAGE;
  const texts = mailTexts[language].notifications;
  const app = env.APP_URL.replace(/\/$/, "");
  const items = rows.map((n) => {
    const community = n.community_name ?? "";
    const announced = n.type === "SYSTEM_ANNOUNCEMENT" ? announcementWords(texts.announcements, community, queuedData(n)) : null;
    return {
      sentence: announced?.sentence ?? fillTemplate(texts.types[n.type], { name: n.sender_name?.trim() || texts.someone }),
      detail: announced?.detail ?? null,
      community,
      quote: n.content,
      url: `${app}${notificationHref(notificationLink(linkSource(n)))}`,
    };
  });
  const types = [...new Set(rows.map((n) => n.type))];
  const token = encodeURIComponent(await unsubscribeToken(env, first.recipient_id, types.length === 1 ? types[0]! : "ALL"));
  const unsubscribePage = `${app}/unsubscribe?token=${token}`;
  const oneClick = `${app}/api/notifications/unsubscribe?token=${token}`;
  const settings = `${app}/settings/notifications`;
  const subject = digest
    ? texts.digestSubject
    : items.length === 1
      ? items[0]!.sentence
      : fillTemplate(texts.subjectMany, { count: items.length });

  const htmlItems = items
    .map(
      (i) => `<li style="margin:0 0 12px">
<strong>${escapeHtml(i.sentence)}</strong>${i.community ? ` <span style="color:#555">· ${escapeHtml(i.community)}</span>` : ""}
${i.detail ? `<p style="margin:4px 0">${escapeHtml(i.detail)}</p>` : ""}
${i.quote ? `<blockquote style="margin:4px 0;padding-left:8px;border-left:3px solid #ddd;color:#333">${escapeHtml(i.quote)}</blockquote>` : ""}
<a href="${escapeHtml(i.url)}">${escapeHtml(texts.open)}</a></li>`,
    )
    .join("\n");
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#111">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
${digest ? `<p>${escapeHtml(texts.digestIntro)}</p>` : ""}
<ul style="padding-left:18px">${htmlItems}</ul>
<p style="color:#555;font-size:13px">${escapeHtml(texts.settings)} <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>
<p style="font-size:13px"><a href="${escapeHtml(unsubscribePage)}">${escapeHtml(texts.unsubscribe)}</a></p>
</body></html>`;
  const text = [
    subject,
    "",
    ...(digest ? [texts.digestIntro, ""] : []),
    ...items.flatMap((i) => [
      `- ${i.sentence}${i.community ? ` (${i.community})` : ""}`,
      ...(i.detail ? [`  ${i.detail}`] : []),
      ...(i.quote ? [`  "${i.quote}"`] : []),
      `  ${texts.open}: ${i.url}`,
    ]),
    "",
    `${texts.settings} ${settings}`,
    `${texts.unsubscribe}: ${unsubscribePage}`,
    "",
  ].join("\n");
  return {
    to: first.email,
    subject,
    text,
    html,
    kind: digest ? "notification_digest" : "notification",
    headers: { "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
