import { and, asc, desc, eq, like, notExists, or, sql } from "drizzle-orm";
import { createDb, schema } from "../../../db/client";

const { posts, users, communityMembers, communityEvents, blockedUsers } = schema;
const LIMIT = 5;

/** LIKE pattern for "contains", with the wildcard characters of the user's text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Three lookups in one round trip; authors who blocked the searcher stay hidden. */
export async function searchCommunity(d1: D1Database, communityId: string, q: string, viewerId: string) {
  const db = createDb(d1);
  const pattern = containsPattern(q);
  const likeEsc = (col: Parameters<typeof like>[0]) => sql`${col} like ${pattern} escape '\\'`;
  const postsQuery = db
    .select({ id: posts.id, headline: posts.headline, content: posts.content, createdAt: posts.createdAt })
    .from(posts)
    .where(
      and(
        eq(posts.communityId, communityId),
        or(likeEsc(posts.headline), likeEsc(posts.content)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(blockedUsers)
            .where(and(eq(blockedUsers.blockerId, posts.authorId), eq(blockedUsers.blockedId, viewerId))),
        ),
      ),
    )
    .orderBy(desc(posts.createdAt))
    .limit(LIMIT);
  const membersQuery = db
    .select({ id: users.id, fullName: users.fullName, avatarUrl: users.avatarUrl })
    .from(communityMembers)
    .innerJoin(users, eq(users.id, communityMembers.profileId))
    .where(and(eq(communityMembers.communityId, communityId), likeEsc(users.fullName)))
    .orderBy(asc(users.fullName))
    .limit(LIMIT);
  const eventsQuery = db
    .select({ id: communityEvents.id, name: communityEvents.name, startTime: communityEvents.startTime })
    .from(communityEvents)
    .where(and(eq(communityEvents.communityId, communityId), likeEsc(communityEvents.name)))
    .orderBy(desc(communityEvents.startTime))
    .limit(LIMIT);
  const [postRows, members, events] = await db.batch([postsQuery, membersQuery, eventsQuery]);
  return {
    posts: postRows.map((p) => ({ id: p.id, title: p.headline || p.content.slice(0, 80), createdAt: p.createdAt })),
    members,
    events,
  };
}
