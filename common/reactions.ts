import type { Reaction } from "./contract/chat-message";
import { REACTION_USERS_MAX } from "./contract/limits";

/**
 * A message's reactions as shown, built the same way from D1's rows (worker/lib/message-rows.ts) and
 * from the conversation room's own copy (party/message-log.ts), so the API's answers and the room's
 * frames agree.
 */

/** Reaction rows read per message to name who reacted; counts are exact whatever this is. */
export const REACTION_ROWS_READ = 250;

/**
 * The reactions shown from [emoji, count] in the order first used and [emoji, user id, name] of the first
 * `REACTION_ROWS_READ` reactors in the order they came (ties, the same millisecond, by user id then emoji).
 */
export function groupReactions(
  counts: readonly (readonly [string, number])[],
  reactors: readonly (readonly [string, string, string])[],
): Reaction[] {
  const users = new Map<string, { id: string; fullName: string }[]>();
  for (const [emoji, id, fullName] of reactors) {
    const list = users.get(emoji) ?? [];
    if (list.length < REACTION_USERS_MAX) list.push({ id, fullName });
    users.set(emoji, list);
  }
  return counts.map(([emoji, count]) => ({ emoji, count, users: users.get(emoji) ?? [] }));
}
