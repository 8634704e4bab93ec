import { and, eq, inArray, ne, sql, type SQLWrapper } from "drizzle-orm";
import { blockedBetween } from "../../lib/access";
import type { Db, ResultOf } from "../../lib/db";
import { communityMembers } from "../../lib/tables";

/**
 * Mentions are stored in content as `@[Display Name](userId)`: the name shows as typed, the id is
 * what gets notified (names are not unique). The web composer inserts the token from autocomplete.
 */
const MENTION = /@\[([^\]\n]{1,100})\]\(([A-Za-z0-9-]{1,64})\)/g;

export function mentionedUserIds(content: string): string[] {
  return [...new Set([...content.matchAll(MENTION)].map((m) => m[2]!))].slice(0, 20);
}

/**
 * Mentioned people who are members of the community, not the author, and not blocked either way: a
 * statement (null when the text mentions nobody). `authorId` may be an SQL value, so the statement can
 * share a batch with the session lookup.
 */
export function mentionTargets(db: Db, communityId: string | SQLWrapper, authorId: string | SQLWrapper, content: string) {
  const ids = mentionedUserIds(content);
  if (ids.length === 0) return null;
  return db
    .select({ profileId: communityMembers.profileId })
    .from(communityMembers)
    .where(
      and(
        eq(communityMembers.communityId, communityId),
        inArray(communityMembers.profileId, ids),
        ne(communityMembers.profileId, authorId),
        sql`not ${blockedBetween(communityMembers.profileId, authorId)}`,
      ),
    );
}

/** The mentioned members from `mentionTargets`' rows, minus those already notified. */
export const mentionedMembers = (
  rows: ResultOf<NonNullable<ReturnType<typeof mentionTargets>>> | null | undefined,
  exclude: string[] = [],
) => (rows ?? []).map((r) => r.profileId).filter((id) => !exclude.includes(id));
