import { sql, type SQL } from "drizzle-orm";
import { memberCommunityIds } from "../../lib/access";
import type { Db } from "../../lib/db";
import { calendarFeeds } from "../../lib/tables";
import { attendedEvents, listedEvent as e } from "./events.queries";

/**
 * Personal calendar feeds. The URL carries 32 random bytes; the database keeps only their SHA-256,
 * so a leaked table does not open anyone's feed, and a new link (or none) revokes the old one.
 */

const DAY = 24 * 60 * 60 * 1000;

export async function hashFeedToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The feed's owner as an SQL value (null for an unknown or revoked secret). */
export const feedOwner = (hash: string): SQL =>
  sql`(select ${calendarFeeds.userId} from ${calendarFeeds} where ${calendarFeeds.tokenHash} = ${hash})`;

/**
 * What a feed shows: the events its owner attends, from a month back on, in the communities whose
 * members-only areas they can still open (a membership that ended takes its events out of the feed).
 */
export const calendarFeedEvents = (db: Db, owner: SQL, now = Date.now()) =>
  attendedEvents(db, owner, sql`${e.communityId} in (${memberCommunityIds(owner, now)}) and ${e.endTime} >= ${now - 30 * DAY}`);

export const feedUrl = (origin: string, token: string) => `${origin}/ics/feed/${token}`;
