/**
 * Mentions are stored as `@[Full Name](userId)` (worker/features/feed/mentions.ts): names are not unique,
 * the id is who gets notified. People type and read '@Full Name'; these helpers convert between the two.
 */
export const MENTION_TOKEN = /@\[([^\]\n]{1,100})\]\(([A-Za-z0-9-]{1,64})\)/g;

export type Mention = { id: string; name: string };

export function mentionToken(m: Mention): string {
  // A name cannot close the token early; brackets in names are rare, so they become parentheses.
  return `@[${m.name.replace(/\]/g, ")").replace(/\[/g, "(")}](${m.id})`;
}

/** Stored text to what the textarea shows, plus the mentions it contained. */
export function toDisplay(stored: string): { text: string; mentions: Mention[] } {
  const mentions: Mention[] = [];
  const text = stored.replace(MENTION_TOKEN, (_, name: string, id: string) => {
    mentions.push({ id, name });
    return `@${name}`;
  });
  return { text, mentions };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The textarea's text back to stored form: every '@Name' of a chosen mention becomes its token. Longer
 * names win ('@Ana Kapanadze' before '@Ana'); a name the user has edited away is simply no mention.
 */
export function toStored(text: string, mentions: Mention[]): string {
  if (mentions.length === 0) return text;
  const byName = new Map<string, Mention>();
  for (const m of mentions) byName.set(m.name, m);
  const names = [...byName.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`@(${names.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}_])`, "gu");
  return text.replace(pattern, (_, name: string) => mentionToken(byName.get(name)!));
}

/** How long the stored text will be, which is what the server's limits count. */
export function storedLength(text: string, mentions: Mention[]): number {
  return toStored(text, mentions).length;
}

/**
 * The '@query' being typed just before the caret, if any: '@' at the start or after a space, then up to
 * 30 characters that start with a letter and hold no line break or second '@'.
 */
export function activeMentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([\p{L}][\p{L}\p{N} .'-]{0,29})$/u.exec(before);
  if (!match) return null;
  const query = match[2]!;
  return { start: caret - query.length - 1, query };
}
