import { sql, type SQLWrapper } from "drizzle-orm";
import { blockedBetween } from "../../lib/access";
import type { Db } from "../../lib/db";

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
  return db.all<{ profile_id: string }>(
    sql`select m.profile_id from community_members m
        where m.community_id = ${communityId} and m.profile_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
          and m.profile_id != ${authorId} and not ${blockedBetween(sql.raw("m.profile_id"), authorId)}`,
  );
}

/** The mentioned members from `mentionTargets`' rows, minus those already notified. */
export const mentionedMembers = (rows: { profile_id: string }[] | null | undefined, exclude: string[] = []) =>
  (rows ?? []).map((r) => r.profile_id).filter((id) => !exclude.includes(id));
