/**
 * Mentions are stored in content as `@[Display Name](userId)`: the name shows as typed, the id is
 * what gets notified (names are not unique). The web composer inserts the token from autocomplete.
 */
const MENTION = /@\[([^\]\n]{1,100})\]\(([A-Za-z0-9-]{1,64})\)/g;

export function mentionedUserIds(content: string): string[] {
  return [...new Set([...content.matchAll(MENTION)].map((m) => m[2]!))].slice(0, 20);
}
