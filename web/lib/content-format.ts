import { MENTION_TOKEN } from "./mention-tokens";

export type Segment =
  | { type: "text"; text: string }
  | { type: "link"; href: string; text: string }
  | { type: "mention"; name: string; userId: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?'")\]}]+$/;

/** Only http(s) URLs become links; anything else (javascript:, data:, …) stays text. */
export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function splitLinks(text: string, out: Segment[]) {
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let raw = match[0];
    // Punctuation that ends a sentence is not part of the link; a closing parenthesis is when it has a pair.
    const trailing = raw.match(TRAILING)?.[0] ?? "";
    if (trailing) {
      let keep = "";
      if (
        trailing.startsWith(")") &&
        (raw.match(/\(/g)?.length ?? 0) > (raw.slice(0, -trailing.length).match(/\)/g)?.length ?? 0)
      ) {
        keep = ")";
      }
      raw = raw.slice(0, raw.length - trailing.length) + keep;
    }
    const href = safeHref(raw);
    const start = match.index;
    if (!href) continue;
    if (start > last) out.push({ type: "text", text: text.slice(last, start) });
    out.push({ type: "link", href, text: raw });
    last = start + raw.length;
  }
  if (last < text.length) out.push({ type: "text", text: text.slice(last) });
}

/** Post or comment text as plain text, links and mentions, in order. Never HTML. */
export function parseContent(content: string): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const match of content.matchAll(MENTION_TOKEN)) {
    if (match.index > last) splitLinks(content.slice(last, match.index), out);
    out.push({ type: "mention", name: match[1]!, userId: match[2]! });
    last = match.index + match[0].length;
  }
  if (last < content.length) splitLinks(content.slice(last), out);
  return out;
}

/**
 * Readable text for titles, breadcrumbs and previews: mentions as '@Name'. A token cut short by a
 * server-side preview ('… @[Giorgi Mais...') reads as the name too, never as markup.
 */
export function plainText(content: string): string {
  return content
    .replace(MENTION_TOKEN, (_, name: string) => `@${name}`)
    .replace(/@\[([^\]\n]*)(?:\]\([^)\s]*?)?(\.\.\.|…)?$/, (_, name: string, dots = "") => `@${name}${dots}`);
}

export function excerpt(content: string, max = 60): string {
  const text = plainText(content).replace(/\s+/g, " ").trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
