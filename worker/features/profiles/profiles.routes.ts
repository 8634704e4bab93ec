import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { PROFILE_ACTIVITY_PREVIEW } from "../../../common/contract/limits";
import { profiles } from "../../../common/contract/profiles";
import { batch } from "../../lib/db";
import { AppError, notFound, unauthenticated } from "../../lib/errors";
import { ownOrKept } from "../../lib/own-upload";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { blockedBetween } from "../../lib/access";
import {
  sessionColumns,
  sessionFrom,
  sessionToken,
  sessionUser,
  sessionUserFrom,
  sessionUserId,
  type SessionColumns,
} from "../../lib/session";
import { firstRow, selectAs, tableAs, type LeftJoined, type SelectAsRow } from "../../lib/sql-names";
import { blockedUsers, users } from "../../lib/tables";
import { activityStatement, decodeActivityCursor, toActivityPage } from "./activity.queries";
import { statsColumns, toStats, type ProfileScope, type StatsRow } from "./profile-scope";
import {
  communitiesStatement,
  highestLevel,
  personColumns,
  toCommunities,
  toOwnProfile,
  toPublicProfile,
  type PersonRow,
} from "./profile.queries";

/** The person looked at (`t`, as `personColumns` names them) and the session's user (`su`). */
const t = alias(users, "t");
const su = sessionUser;
const bu = blockedUsers;

/** Whether the viewer blocked the person, and whether the person blocked the viewer. */
const blocks = {
  blocked_by_me: sql<0 | 1>`exists (select 1 from ${bu} where ${bu.blockerId} = ${su.id} and ${bu.blockedId} = ${t.id})`,
  blocked_me: sql<0 | 1>`exists (select 1 from ${bu} where ${bu.blockerId} = ${t.id} and ${bu.blockedId} = ${su.id})`,
};

type ProfileRow = SessionColumns & PersonRow & StatsRow & SelectAsRow<typeof blocks>;

/** The person of an activity page, and whether a block stands between them and the viewer either way. */
const activityPerson = { t_id: t.id };
const activityBlock = { blocked: sql<0 | 1>`${blockedBetween(t.id, su.id)}` };
type ActivityPersonRow = SessionColumns & LeftJoined<SelectAsRow<typeof activityPerson>> & SelectAsRow<typeof activityBlock>;

/** Who is looking at whom: the session's user at `userId` (or at themselves), inside the statements. */
const scopeOf = (token: string, userId: string | null): ProfileScope => ({
  target: userId === null ? sessionUserId(token) : sql`${userId}`,
  viewer: sessionUserId(token),
});

/**
 * The person, their stats, their communities and the first page of their activity: three statements,
 * one D1 round trip, whatever the person has done.
 */
async function readProfile(c: Parameters<typeof sessionUserFrom>[0], token: string, userId: string | null) {
  const db = c.var.db;
  const scope = scopeOf(token, userId);
  const target = userId === null ? su.id : sql`${userId}`;
  const person = db.get<ProfileRow | undefined>(
    sql`select ${sessionColumns}, ${personColumns}, ${statsColumns(scope)}, ${selectAs(blocks)}
      from ${sessionFrom(token, { required: true })} left join ${tableAs(t)} on ${t.id} = ${target}`,
  );
  const communities = communitiesStatement(db, scope);
  const activity = activityStatement(db, scope, null, PROFILE_ACTIVITY_PREVIEW);
  const read = await batch(db, [person, communities, activity]);
  const row = read(person);
  const user = sessionUserFrom(c, row);
  if (!user) throw unauthenticated();
  // Whoever blocked the viewer is not there for them (DESIGN.md "Blocks"), like someone who never was.
  if (!row?.t_id || row.blocked_me === 1) throw notFound("User not found.");
  const shown = toCommunities(read(communities));
  return {
    row: row as ProfileRow & { t_id: string },
    user,
    blockedByMe: row.blocked_by_me === 1,
    parts: {
      stats: toStats(row),
      level: highestLevel(shown),
      communities: shown,
      activity: toActivityPage(read(activity), PROFILE_ACTIVITY_PREVIEW),
    },
  };
}

/** /api/me/profile: one's own profile, and its edits. */
export const myProfileRoutes = [
  route(profiles.mine, async (c) => {
    const { row, parts } = await readProfile(c, await sessionToken(c), null);
    return respond(c, profiles.mine, { profile: toOwnProfile(row), ...parts });
  }),
  route(profiles.update, async (c) => {
    const token = await sessionToken(c);
    const body = c.req.valid("json");
    const db = c.var.db;
    const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    // Pictures are one's own uploads of their kind (or the ones the profile shows already); the update
    // writes only when they are, and the check beside it says which one was not. One round trip.
    const images = {
      avatarUrl: ownOrKept(users.avatarUrl, users.id, "avatar", body.avatarUrl),
      coverUrl: ownOrKept(users.coverUrl, users.id, "cover", body.coverUrl),
    };
    const me = eq(users.id, sessionUserId(token));
    // Named, so the batch's rows keep each answer under its own key.
    const check = firstRow(
      db
        .select({ avatarUrl: images.avatarUrl.as("avatar_ok"), coverUrl: images.coverUrl.as("cover_ok") })
        .from(users)
        .where(me),
    );
    const update = db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(me, images.avatarUrl, images.coverUrl))
      .returning();
    const read = await batch(db, [check, update]);
    const found = read(check);
    if (!found) throw unauthenticated();
    const refused = (Object.keys(images) as (keyof typeof images)[]).filter((field) => !found[field]);
    if (refused.length > 0) {
      throw new AppError("VALIDATION_FAILED", "Some fields are not valid.", {
        issues: refused.map((path) => ({ path, message: "Images must be uploaded first" })),
      });
    }
    const [updated] = read(update);
    if (!updated) throw unauthenticated();
    return respond(c, profiles.update, {
      id: updated.id,
      fullName: updated.fullName,
      avatarUrl: updated.avatarUrl,
      coverUrl: updated.coverUrl,
      profession: updated.profession,
      location: updated.location,
      website: updated.website,
      bio: updated.bio,
      birthDate: updated.birthDate,
      joinedAt: updated.createdAt.getTime(),
    });
  }),
];

/** /api/users/:userId/profile and /activity: another member's public profile and their activity pages. */
export const userProfileRoutes = [
  route(profiles.view, async (c) => {
    const { userId } = c.req.valid("param");
    const { row, user, blockedByMe, parts } = await readProfile(c, await sessionToken(c), userId);
    const empty = { ...parts, communities: [], level: 1, activity: { items: [], nextCursor: null } };
    return respond(c, profiles.view, {
      profile: toPublicProfile(row),
      ...(blockedByMe ? empty : parts),
      isSelf: user.id === userId,
      blockedByMe,
    });
  }),
  route(profiles.activity, async (c) => {
    const { userId } = c.req.valid("param");
    const { cursor, limit } = c.req.valid("query");
    const after = cursor ? decodeActivityCursor(cursor) : null;
    const token = await sessionToken(c);
    const db = c.var.db;
    const person = db.get<ActivityPersonRow | undefined>(
      sql`select ${sessionColumns}, ${selectAs(activityPerson)}, ${selectAs(activityBlock)}
        from ${sessionFrom(token, { required: true })} left join ${tableAs(t)} on ${t.id} = ${userId}`,
    );
    const activity = activityStatement(db, scopeOf(token, userId), after, limit);
    const read = await batch(db, [person, activity]);
    const row = read(person);
    if (!sessionUserFrom(c, row)) throw unauthenticated();
    if (!row?.t_id || row.blocked === 1) throw notFound("User not found.");
    return respond(c, profiles.activity, toActivityPage(read(activity), limit));
  }),
];
