import { DEFAULT_LANGUAGE, isLanguage } from "../../../common/contract/enums";
import { fillTemplate } from "../../../common/template";
import type { AppEnv } from "../../env";
import type { MailMessage } from "../../lib/email";
import { escapeHtml } from "../../lib/html";
import { mailTexts } from "../../lib/mail-texts";
import { unsubscribeToken } from "../../lib/unsubscribe-token";
import type { communityBroadcasts } from "../../lib/tables";

/** The community's name and the sender's (the community's when the sender's account is gone). */
export type Names = { community: string; sender: string };

type Recipient = { id: string; email: string; fullName: string; language: string | null };

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;

/** A paragraph of the sender's plain text as HTML: escaped, its links made clickable, its line breaks kept. */
const htmlParagraph = (text: string) =>
  text
    .split(URL_PATTERN)
    .map((part, i, parts) => {
      const link = text.match(URL_PATTERN)?.[i];
      return (
        escapeHtml(part).replace(/\n/g, "<br>") +
        (link && i < parts.length - 1 ? `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>` : "")
      );
    })
    .join("");

/**
 * A broadcast's e-mail to one member: the sender's words as written, in a frame (greeting, who wrote,
 * why they get it, the one-click unsubscribe of RFC 8058) in the member's language.
 */
export async function broadcastMail(
  env: AppEnv,
  broadcast: Pick<typeof communityBroadcasts.$inferSelect, "communityId" | "subject" | "body">,
  { community, sender }: Names,
  to: Recipient,
): Promise<MailMessage> {
  const language = isLanguage(to.language) ? to.language : DEFAULT_LANGUAGE;
  const texts = mailTexts[language];
  const words = texts.broadcast;
  const app = env.APP_URL.replace(/\/$/, "");
  const token = encodeURIComponent(await unsubscribeToken(env, to.id, "BROADCASTS"));
  const unsubscribePage = `${app}/unsubscribe?token=${token}`;
  const oneClick = `${app}/api/notifications/unsubscribe?token=${token}`;
  const open = `${app}/communities/${broadcast.communityId}`;
  const name = to.fullName.trim();
  const greeting = name ? fillTemplate(texts.greeting, { name }) : texts.greetingWithoutName;
  const from = fillTemplate(words.from, { sender, community });
  const why = fillTemplate(words.why, { community });
  const openLabel = fillTemplate(words.open, { community });
  const paragraphs = broadcast.body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#111">
<p>${escapeHtml(greeting)}</p>
<p style="color:#555">${escapeHtml(from)}</p>
<h1 style="font-size:20px">${escapeHtml(broadcast.subject)}</h1>
${paragraphs.map((p) => `<p>${htmlParagraph(p)}</p>`).join("\n")}
<p><a href="${escapeHtml(open)}">${escapeHtml(openLabel)}</a></p>
<p style="color:#555;font-size:13px">${escapeHtml(why)}</p>
<p style="font-size:13px"><a href="${escapeHtml(unsubscribePage)}">${escapeHtml(words.unsubscribe)}</a></p>
</body></html>`;
  const text = [
    greeting,
    "",
    from,
    "",
    broadcast.subject,
    "",
    paragraphs.join("\n\n"),
    "",
    `${openLabel}: ${open}`,
    "",
    why,
    `${words.unsubscribe}: ${unsubscribePage}`,
    "",
  ].join("\n");
  return {
    to: to.email,
    subject: broadcast.subject,
    text,
    html,
    kind: "broadcast",
    headers: { "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
